{{/* Chart name. */}}
{{- define "rebound.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Release-scoped name prefix of every resource. */}}
{{- define "rebound.fullname" -}}
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

{{/* Name of one service's resources: (dict "root" $ "name" "gateway"). */}}
{{- define "rebound.componentName" -}}
{{- printf "%s-%s" (include "rebound.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "rebound.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels of every resource: (dict "root" $ "name" "gateway"); name may be empty. */}}
{{- define "rebound.labels" -}}
helm.sh/chart: {{ include "rebound.chart" .root }}
{{ include "rebound.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: rebound
{{- with .root.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{- define "rebound.selectorLabels" -}}
app.kubernetes.io/name: {{ include "rebound.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- if .name }}
app.kubernetes.io/component: {{ .name }}
{{- end }}
{{- end -}}

{{/* commonAnnotations as a metadata.annotations block, or nothing. */}}
{{- define "rebound.annotations" -}}
{{- with .Values.commonAnnotations }}
annotations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* A service's values: serviceDefaults with the service's entry merged over them. (dict "root" $ "name" "gateway") */}}
{{- define "rebound.serviceValues" -}}
{{- $entry := index .root.Values.services .name | default dict -}}
{{- toYaml (mergeOverwrite (deepCopy .root.Values.serviceDefaults) (deepCopy $entry)) -}}
{{- end -}}

{{/* Image reference: (dict "root" $ "name" "gateway" "image" <per-service image values>). */}}
{{- define "rebound.image" -}}
{{- $image := .image | default dict -}}
{{- $repository := $image.repository | default (printf "%s/%s" .root.Values.image.repository .name) -}}
{{- with .root.Values.global.imageRegistry -}}
{{- $repository = printf "%s/%s" . $repository -}}
{{- end -}}
{{- if .root.Values.image.digest -}}
{{- printf "%s@%s" $repository .root.Values.image.digest -}}
{{- else -}}
{{- printf "%s:%s" $repository ($image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion) -}}
{{- end -}}
{{- end -}}

{{- define "rebound.secretName" -}}
{{- .Values.secret.existingSecret | default (printf "%s-secrets" (include "rebound.fullname" .)) -}}
{{- end -}}

{{/* env entries of secret settings: (dict "root" $ "settings" list). */}}
{{- define "rebound.secretEnv" -}}
{{- range .settings }}
{{- $setting := index $.root.Values.secret.settings . }}
{{- if not $setting }}
{{- fail (printf "secretSettings names %s, which is not in secret.settings" .) }}
{{- end }}
- name: {{ . }}
  valueFrom:
    secretKeyRef:
      name: {{ include "rebound.secretName" $.root }}
      key: {{ $setting.key }}
      optional: {{ $setting.optional }}
{{- end }}
{{- end -}}

{{- define "rebound.imagePullSecrets" -}}
{{- with .Values.global.imagePullSecrets }}
imagePullSecrets:
{{- range . }}
  - name: {{ . }}
{{- end }}
{{- end }}
{{- end -}}

{{/* Names of the ConfigMaps a service reads, in order: common, its groups, its own. */}}
{{- define "rebound.configMapNames" -}}
{{- $fullname := include "rebound.fullname" .root -}}
{{- $names := list (printf "%s-common" $fullname) -}}
{{- range .svc.configGroups -}}
{{- $names = append $names (printf "%s-shared-%s" $fullname .) -}}
{{- end -}}
{{- $names = append $names (include "rebound.componentName" (dict "root" .root "name" .name)) -}}
{{- toJson $names -}}
{{- end -}}

{{/* Data of a settings group ConfigMap. */}}
{{- define "rebound.groupConfig" -}}
{{- if eq . "telephony" -}}telephonyConfig{{- else if eq . "mail" -}}mailConfig{{- else -}}{{- fail (printf "unknown configGroup %s (telephony, mail)" .) -}}{{- end -}}
{{- end -}}

{{/*
Environment computed by the chart for one service (PORT, OTEL_SERVICE_NAME, the gateway's upstream
URLs, billing's IDENTITY_URL: its sign-up saga creates the account at identity, and messaging's
SIMULATOR_URL: outside production, the telephony Service, whose dev image hosts the one carrier
simulator; empty in production, whose images have no simulator).
*/}}
{{- define "rebound.computedConfig" -}}
PORT: {{ .svc.containerPort | quote }}
OTEL_SERVICE_NAME: {{ printf "rebound-%s" .name | quote }}
{{- if eq .name "gateway" }}
{{- range $upstream := list "identity" "business" "telephony" "messaging" "billing" "analytics" }}
{{- $values := fromYaml (include "rebound.serviceValues" (dict "root" $.root "name" $upstream)) }}
{{ printf "%s_URL" (upper $upstream) }}: {{ printf "http://%s:%v" (include "rebound.componentName" (dict "root" $.root "name" $upstream)) $values.service.port | quote }}
{{- end }}
{{- end }}
{{- if eq .name "billing" }}
{{- $identity := fromYaml (include "rebound.serviceValues" (dict "root" .root "name" "identity")) }}
IDENTITY_URL: {{ printf "http://%s:%v" (include "rebound.componentName" (dict "root" .root "name" "identity")) $identity.service.port | quote }}
{{- end }}
{{- if eq .name "messaging" }}
{{- $telephony := fromYaml (include "rebound.serviceValues" (dict "root" .root "name" "telephony")) }}
SIMULATOR_URL: {{ if eq (toString .root.Values.config.NODE_ENV) "production" }}""{{ else }}{{ printf "http://%s:%v" (include "rebound.componentName" (dict "root" .root "name" "telephony")) $telephony.service.port | quote }}{{ end }}
{{- end }}
{{- end -}}

{{/* sha256 over everything a service's pods read, so pods roll when settings change. */}}
{{- define "rebound.configChecksum" -}}
{{- $root := .root -}}
{{- $parts := list (toYaml $root.Values.config) -}}
{{- range .svc.configGroups -}}
{{- $parts = append $parts (toYaml (index $root.Values (include "rebound.groupConfig" .))) -}}
{{- end -}}
{{- $parts = append $parts (toYaml .svc.config) -}}
{{- $parts = append $parts (include "rebound.computedConfig" .) -}}
{{- if not $root.Values.secret.existingSecret -}}
{{- $parts = append $parts (toYaml $root.Values.secret.values) -}}
{{- end -}}
{{- join "\n---\n" $parts | sha256sum -}}
{{- end -}}
