// The bootstrap chunk's first module: it runs right after the chunk (React, react-dom and the shell's
// app: HOST_CHUNK_SPLIT in federation.mjs) has been compiled and evaluated, in the same task. React's
// and the shell's modules start, and the app mounts (./mount), in the next task: two shorter tasks on a
// phone's main thread instead of one. Same chunk name, so ./mount is in this chunk, already loaded.
setTimeout(() => {
  import(/* webpackChunkName: "bootstrap" */ './mount');
});

export {};
