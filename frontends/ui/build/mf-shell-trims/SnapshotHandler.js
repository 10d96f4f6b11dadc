// The shell's stand-in for Module Federation's SnapshotHandler (runtime-core's
// plugins/snapshot/SnapshotHandler.js, as constructed by its core.js). The shell builds its runtime
// without the snapshot plugin (`disableSnapshot`) and reads remote manifests itself, so snapshots are
// only ever loaded by `preloadRemote`, which it never calls. What the rest of the runtime touches is
// kept: the handler's hooks (plugins register on them) and its manifest cache (removeRemote clears it).
// See shellRuntimeTrims in ../federation.mjs.
import { DisabledSnapshotHandler } from 'seatside-mf-runtime-core/snapshot-disabled';

export class SnapshotHandler extends DisabledSnapshotHandler {
  constructor() {
    super();
    this.manifestCache = new Map();
  }

  loadRemoteSnapshotInfo() {
    throw new Error('Seatside: the shell runs Module Federation without snapshots (preloadRemote is not available)');
  }
}
