#!/usr/bin/env bash
# Installs the Debian packages Hundred Days builds, runs and tests with. Safe to run any number of
# times: it installs only what is missing, and does nothing when everything is there.
#   HD_HEADLESS=1  leave out the client's packages (SFML, fonts, Xvfb)
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config          # the build
  ccache                                    # the compiler cache (CMakeLists.txt; HD_NO_CCACHE=1 off)
  mold                                      # the linker (CMakeLists.txt; HD_NO_MOLD=1 off)
  libboost-dev                              # Boost.Asio and Boost.Beast (header-only)
  libprotobuf-dev protobuf-compiler         # the wire protocol
  libsqlite3-dev sqlite3                    # the server's database (sqlite3: the shell, for operators)
  libsodium-dev                             # password hashing (Argon2id), tokens, SHA-256
  libssl-dev openssl ca-certificates        # wss:// and the server's TLS listener (openssl: test certificates)
  libcurl4-openssl-dev                      # e-mail notices over SMTP (server/src/notify/email_sender.cpp)
  python3-aiosmtpd                          # the local SMTP sink of server_email_e2e_test
  nginx                                     # TLS in front of the server (deploy/nginx; terminal_nginx_test)
  systemd                                   # systemd-analyze: deploy/systemd's units checked (deploy_systemd_units_verify)
  catch2                                    # the tests
  libbenchmark-dev                          # the engine benchmarks (Google Benchmark)
  clang-14 libclang-rt-14-dev               # the fuzz targets (libFuzzer, ASan, UBSan: docs/fuzzing.md)
)
if [[ "${HD_HEADLESS:-0}" != 1 ]]; then
  packages+=(
    libsfml-dev                             # the client's window, graphics and input
    fonts-dejavu-core                       # the client's font
    xvfb xauth                              # a virtual display for client tests and headless runs
  )
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root or install sudo" >&2; exit 1; }
  sudo=(sudo)
fi
"${sudo[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
