// Access logging of an HTTP reverse proxy. AccessLog appends one line per
// request to an std::ofstream, rotates the file by size (close, rename, open a
// new file), reopens it when an operator asks for it (after logrotate moved the
// file away), and writes a shutdown marker when the proxy stops. The upstream
// list is read with std::ifstream from a base file and a local override file.
// Negative case: every write goes to a stream that was just opened or checked
// with is_open(); a stream that failed to reopen is skipped and the request is
// counted as dropped; shutdown() runs from stop() and from the destructor but
// only the first run finds the stream open.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

struct Request {
  std::string client, method, path;
  int status = 200;
  size_t bytes = 0;
};

class AccessLog {
public:
  AccessLog(std::string path, size_t maxBytes) : path_(std::move(path)), maxBytes_(maxBytes) {
    out_.open(path_, std::ios::app);
  }
  ~AccessLog() { shutdown(); }

  void record(const Request &r) {
    if (!out_.is_open())
      reopen();
    if (!out_.is_open()) {
      ++dropped_;
      return;
    }
    const std::string line = r.client + " \"" + r.method + ' ' + r.path + "\" " +
                             std::to_string(r.status) + ' ' + std::to_string(r.bytes) + '\n';
    out_ << line; // OK: is_open() checked just above
    written_ += line.size();
    if (written_ >= maxBytes_)
      rotate();
  }

  void rotate() {
    out_.close();
    const std::string archived = path_ + "." + std::to_string(++generation_);
    std::rename(path_.c_str(), archived.c_str());
    out_.open(path_, std::ios::app);
    if (out_.is_open())
      out_ << "# continued from " << archived << '\n'; // OK: reopened and checked
    written_ = 0;
  }

  // Operator request (after an external logrotate): start a fresh file.
  void reopen() {
    if (out_.is_open())
      out_.close();
    out_.clear();
    out_.open(path_, std::ios::app);
  }

  void shutdown() {
    if (out_.is_open()) {
      out_ << "# proxy stopped, " << dropped_ << " lines dropped\n"; // OK: inside the is_open() guard
      out_.close(); // OK: the guard makes the destructor's second shutdown() a no-op
    }
  }

private:
  std::string path_;
  std::ofstream out_;
  size_t maxBytes_, written_ = 0;
  int generation_ = 0;
  unsigned long dropped_ = 0;
};

std::vector<std::string> loadUpstreams(const std::string &path) {
  std::vector<std::string> upstreams;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#')
      upstreams.push_back(line);
  in.close();
  in.open(path + ".local");
  while (std::getline(in, line)) // OK: reopened on the line above, a missing override just reads nothing
    if (!line.empty() && line[0] != '#')
      upstreams.push_back(line);
  return upstreams;
}

int main() {
  std::vector<std::string> upstreams = loadUpstreams("/etc/edgeproxy/upstreams.conf");
  std::cout << upstreams.size() << " upstreams\n";
  AccessLog log("/var/log/edgeproxy/access.log", 1 << 20);
  for (int i = 0; i < 50000; ++i)
    log.record({"203.0.113." + std::to_string(i % 250), "GET", "/api/v1/items/" + std::to_string(i), 200, 512});
  log.reopen();
  log.record({"198.51.100.7", "POST", "/api/v1/orders", 201, 128}); // OK: reopen() opened a new file
  log.shutdown();
  return 0;
}
