#!/usr/bin/env bash
# Follow infra/README.md's one command from a fresh clone, without AWS credentials: everything up to
# the first real AWS call must succeed (installs, site and app builds, the Lambda package, the CDK
# synthesis with cdk-nag), and the run must stop at `cdk bootstrap` for want of credentials.
#
#     infra/fresh_clone_check.sh [repository]      # default: this repository's committed HEAD
#
# Prints the clone's log path; exit status 0 when the run stopped exactly there.
set -uo pipefail
source_repo=${1:-$(git -C "$(dirname "$0")" rev-parse --show-toplevel)}
work=$(mktemp -d)
git clone --quiet "$source_repo" "$work/repo" || exit 1
cd "$work/repo" || exit 1
log="$work/deploy.log"
env -u AWS_PROFILE -u AWS_ACCESS_KEY_ID -u AWS_SECRET_ACCESS_KEY -u AWS_SESSION_TOKEN \
  AWS_REGION=us-east-1 AWS_EC2_METADATA_DISABLED=true AWS_CONFIG_FILE=/dev/null \
  AWS_SHARED_CREDENTIALS_FILE=/dev/null \
  make deploy STAGE=dev >"$log" 2>&1
status=$?
echo "log: $log"
if [ "$status" -eq 0 ]; then
  echo "unexpected: the deploy succeeded without credentials" >&2
  exit 1
fi
for built in build/lambda/functions/handler.py build/lambda-crt/python/awscrt site/index.html \
  webapp/dist/index.html infra/cdk.out/CityOps-dev.template.json; do
  [ -e "$built" ] || { echo "not built: $built" >&2; tail -30 "$log" >&2; exit 1; }
done
if ! grep -q "node_modules/.bin/cdk bootstrap" "$log"; then
  echo "the run stopped before cdk bootstrap:" >&2
  tail -30 "$log" >&2
  exit 1
fi
if grep -q "node_modules/.bin/cdk deploy" "$log"; then
  echo "unexpected: cdk deploy ran" >&2
  exit 1
fi
echo "ok: stopped at the first AWS call (cdk bootstrap): $(grep -m1 'Unable to resolve AWS account' "$log")"
