{{/*
Chart name.
*/}}
{{- define "seatside.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
Fully qualified release name, e.g. "seatside" for release "seatside", "prod-seatside" for release "prod".
*/}}
{{- define "seatside.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
Chart label value.
*/}}
{{- define "seatside.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
Name of one component's Deployment and Service: <fullname>-<component>.
Call with (dict "root" $ "name" "catalog").
*/}}
{{- define "seatside.componentName" -}}
{{- printf "%s-%s" (include "seatside.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
Labels shared by every object. Call with the root context.
*/}}
{{- define "seatside.labels" -}}
helm.sh/chart: {{ include "seatside.chart" . }}
app.kubernetes.io/part-of: seatside
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end -}}

{{/*
Selector labels of one component. Call with (dict "root" $ "name" "catalog").
*/}}
{{- define "seatside.selectorLabels" -}}
app.kubernetes.io/name: {{ include "seatside.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/*
Container image reference.
*/}}
{{- define "seatside.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag | toString) -}}
{{- end -}}

{{/*
Name of the ConfigMap with the common environment.
*/}}
{{- define "seatside.configMapName" -}}
{{- printf "%s-config" (include "seatside.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
Name of the Secret with DATABASE_URL, REDIS_URL and KAFKA_BROKERS.
*/}}
{{- define "seatside.externalSecretName" -}}
{{- if .Values.externalServices.existingSecret -}}
{{- .Values.externalServices.existingSecret -}}
{{- else -}}
{{- printf "%s-external" (include "seatside.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/*
In-cluster base URL of one service. Call with (dict "root" $ "name" "identity").
*/}}
{{- define "seatside.serviceUrl" -}}
{{- printf "http://%s:%d" (include "seatside.componentName" .) (int .root.Values.containerPort) -}}
{{- end -}}

{{/*
SERVICE_URLS for the gateway: JSON map of service name to base URL, e.g. {"identity":"http://seatside-identity:8080"}.
*/}}
{{- define "seatside.serviceUrls" -}}
{{- $root := . -}}
{{- $urls := dict -}}
{{- range .Values.services -}}
{{- if or (not (hasKey . "enabled")) .enabled -}}
{{- $_ := set $urls .name (include "seatside.serviceUrl" (dict "root" $root "name" .name)) -}}
{{- end -}}
{{- end -}}
{{- toJson $urls -}}
{{- end -}}

{{/*
JWKS_URL: the configured one, else the identity service's.
*/}}
{{- define "seatside.jwksUrl" -}}
{{- if .Values.config.jwksUrl -}}
{{- .Values.config.jwksUrl -}}
{{- else -}}
{{- printf "%s%s" (include "seatside.serviceUrl" (dict "root" . "name" "identity")) .Values.config.jwksPath -}}
{{- end -}}
{{- end -}}

{{/*
Pod template annotations: config checksum (restart on change) and Prometheus scrape settings.
Call with the root context.
*/}}
{{- define "seatside.podAnnotations" -}}
checksum/config: {{ include (print .Template.BasePath "/configmap.yaml") . | sha256sum }}
{{- if .Values.metrics.enabled }}
prometheus.io/scrape: "true"
prometheus.io/path: {{ .Values.metrics.path | quote }}
prometheus.io/port: {{ .Values.metrics.port | quote }}
{{- end }}
{{- end -}}

{{/*
The container's probes. Call with the root context.
*/}}
{{- define "seatside.probes" -}}
{{- with .Values.probes.startup }}
startupProbe:
  httpGet:
    path: {{ .path }}
    port: http
  periodSeconds: {{ .periodSeconds }}
  timeoutSeconds: {{ .timeoutSeconds }}
  failureThreshold: {{ .failureThreshold }}
{{- end }}
{{- with .Values.probes.liveness }}
livenessProbe:
  httpGet:
    path: {{ .path }}
    port: http
  initialDelaySeconds: {{ .initialDelaySeconds }}
  periodSeconds: {{ .periodSeconds }}
  timeoutSeconds: {{ .timeoutSeconds }}
  failureThreshold: {{ .failureThreshold }}
{{- end }}
{{- with .Values.probes.readiness }}
readinessProbe:
  httpGet:
    path: {{ .path }}
    port: http
  initialDelaySeconds: {{ .initialDelaySeconds }}
  periodSeconds: {{ .periodSeconds }}
  timeoutSeconds: {{ .timeoutSeconds }}
  failureThreshold: {{ .failureThreshold }}
{{- end }}
{{- end -}}

{{/*
envFrom of every container: the common ConfigMap, the external-services Secret, then extra Secrets
(later sources win). Call with (dict "root" $ "extra" (list ...)).
*/}}
{{- define "seatside.envFrom" -}}
envFrom:
  - configMapRef:
      name: {{ include "seatside.configMapName" .root }}
  - secretRef:
      name: {{ include "seatside.externalSecretName" .root }}
{{- range .extra }}
  - secretRef:
      name: {{ . }}
{{- end }}
{{- end -}}

{{/*
Volumes for a read-only root filesystem: /tmp and the data directory. Call with the root context.
*/}}
{{- define "seatside.volumes" -}}
volumes:
  - name: tmp
    emptyDir: {}
  - name: data
    emptyDir: {}
{{- end -}}

{{- define "seatside.volumeMounts" -}}
volumeMounts:
  - name: tmp
    mountPath: /tmp
  - name: data
    mountPath: /app/.data
{{- end -}}
