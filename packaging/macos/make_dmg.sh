#!/usr/bin/env bash
# Pack Tabletop.app into a compressed disk image with a link to /Applications (drag to install).
#   bash packaging/macos/make_dmg.sh dist/Tabletop.app 0.1.0 dist/Tabletop-0.1.0-arm64.dmg
set -euo pipefail
app=${1:?usage: make_dmg.sh APP VERSION OUT.dmg}
version=${2:?version}
out=${3:?output .dmg}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
rm -f "$out"
hdiutil create -volname "Tabletop $version" -srcfolder "$stage" -fs HFS+ -format UDZO -ov "$out"
hdiutil verify "$out"
