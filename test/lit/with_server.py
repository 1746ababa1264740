#!/usr/bin/env python3
"""Runs a command with a cache server on 127.0.0.1, then stops the server.

Usage: with_server.py [--redis-server PATH] [--nginx PATH]
                      KIND DIR [--] COMMAND [ARG...]

KIND is one of
  redis        a redis-server (no persistence), data in DIR
  nginx        nginx serving DIR/data with WebDAV PUT (GET, PUT, HEAD)
  nginx-ro     the same, refusing PUT (405): a server that refuses writes
  hang         a socket that accepts connections and never answers
  down         a free port that nothing listens on

The port is picked free (bound to port 0) and given to COMMAND as $PORT.
The server is stopped when COMMAND ends, whatever its exit code, which is
this script's. Nothing listens beyond the loopback address.
"""
import argparse
import os
import socket
import subprocess
import sys
import threading
import time


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def need(tool, path):
    if not path or path.endswith("NOTFOUND") or not os.path.exists(path):
        sys.stderr.write("with_server: %s is not installed (it was not found "
                         "when errlint was configured); run scripts/setup.sh, "
                         "then cmake again\n" % tool)
        sys.exit(1)
    return path


NGINX_CONF = """
daemon off;
master_process off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log;
events {{ worker_connections 64; }}
http {{
  access_log {dir}/access.log;
  client_body_temp_path {dir}/tmp/body;
  proxy_temp_path {dir}/tmp/proxy;
  fastcgi_temp_path {dir}/tmp/fastcgi;
  uwsgi_temp_path {dir}/tmp/uwsgi;
  scgi_temp_path {dir}/tmp/scgi;
  server {{
    listen 127.0.0.1:{port};
    root {dir}/data;
    client_max_body_size 64m;
    location / {{
      {dav}
      create_full_put_path on;
      dav_access user:rw;
    }}
  }}
}}
"""


def start_nginx(args, port, read_only):
    nginx = need("nginx", args.nginx)
    for sub in ("data", "tmp"):
        os.makedirs(os.path.join(args.dir, sub), exist_ok=True)
    conf = os.path.join(args.dir, "nginx.conf")
    with open(conf, "w") as f:
        f.write(NGINX_CONF.format(dir=args.dir, port=port,
                                  dav="" if read_only else "dav_methods PUT;"))
    log = open(os.path.join(args.dir, "nginx.out"), "w")
    return subprocess.Popen([nginx, "-p", args.dir, "-c", conf,
                             "-e", os.path.join(args.dir, "error.log")],
                            stdout=log, stderr=log)


def start_redis(args, port):
    redis = need("redis-server", args.redis_server)
    os.makedirs(args.dir, exist_ok=True)
    log = open(os.path.join(args.dir, "redis.out"), "w")
    return subprocess.Popen([redis, "--port", str(port), "--bind", "127.0.0.1",
                             "--save", "", "--appendonly", "no",
                             "--dir", args.dir, "--protected-mode", "no"],
                            stdout=log, stderr=log)


def start_hang(port):
    """Accepts every connection and keeps it open without a byte."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", port))
    server.listen(16)
    held = []

    def serve():
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            held.append(conn)

    threading.Thread(target=serve, daemon=True).start()
    return server


def wait_until_listening(port, proc, seconds=15):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc is not None and proc.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return True
        except OSError:
            time.sleep(0.05)
    return False


def stop(proc):
    if proc is None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--redis-server", default="")
    parser.add_argument("--nginx", default="")
    parser.add_argument("kind", choices=["redis", "nginx", "nginx-ro",
                                         "hang", "down"])
    parser.add_argument("dir")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")
    args.dir = os.path.abspath(args.dir)
    os.makedirs(args.dir, exist_ok=True)

    port = free_port()
    proc = hang = None
    if args.kind == "redis":
        proc = start_redis(args, port)
    elif args.kind in ("nginx", "nginx-ro"):
        proc = start_nginx(args, port, args.kind == "nginx-ro")
    elif args.kind == "hang":
        hang = start_hang(port)
    try:
        if proc is not None and not wait_until_listening(port, proc):
            sys.stderr.write("with_server: %s did not start on port %d; see "
                             "%s\n" % (args.kind, port, args.dir))
            return 1
        # The server is local: never through a proxy the environment names.
        env = dict(os.environ, PORT=str(port), no_proxy="127.0.0.1,localhost",
                   NO_PROXY="127.0.0.1,localhost")
        return subprocess.call(command, env=env)
    finally:
        stop(proc)
        if hang is not None:
            hang.close()


if __name__ == "__main__":
    sys.exit(main())
