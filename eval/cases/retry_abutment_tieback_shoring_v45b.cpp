// Tieback anchor proof-load logging at a bridge abutment. Load-cell readings
// go to the site datalogger over TCP; the link reconnects on failure: it
// drops the socket (std::exchange(fd_, -1) then close), dials again and
// resends, and each candidate address that fails to connect is closed once.
// The proof-load CSV export retries the whole file (fopen, partial-write
// loop, fclose) with a fresh FILE* per attempt. Correct: every descriptor and
// stream is closed exactly once, and nothing is written to a closed one; a
// reconnect always produces a new descriptor before the next write.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <netdb.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>
#include <vector>

struct AnchorReading {
  int anchor;
  double kN;
  double creepMm;
};

class DataloggerLink {
public:
  DataloggerLink(std::string host, std::string port)
      : host_(std::move(host)), port_(std::move(port)) {}
  ~DataloggerLink() { drop(); }

  bool send(const std::string &line) {
    for (int attempt = 0; attempt < 4; ++attempt) {
      if (fd_ < 0 && !reconnect()) {
        ::usleep(250000u << attempt);
        continue;
      }
      if (writeAll(line)) // OK: reconnect() dialled a new socket
        return true;
      drop();
    }
    return false;
  }

private:
  void drop() {
    int fd = std::exchange(fd_, -1);
    if (fd >= 0)
      ::close(fd); // OK: fd_ was swapped for -1 first
  }

  bool reconnect() {
    drop();
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *res = nullptr;
    if (::getaddrinfo(host_.c_str(), port_.c_str(), &hints, &res) != 0)
      return false;
    for (addrinfo *ai = res; ai; ai = ai->ai_next) {
      int fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
      if (fd < 0)
        continue;
      if (::connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) {
        fd_ = fd;
        break;
      }
      ::close(fd); // OK: one socket per candidate address
    }
    ::freeaddrinfo(res);
    return fd_ >= 0;
  }

  bool writeAll(const std::string &line) {
    const char *p = line.data();
    size_t left = line.size();
    while (left > 0) {
      ssize_t n = ::send(fd_, p, left, MSG_NOSIGNAL);
      if (n < 0) {
        if (errno == EINTR)
          continue;
        return false;
      }
      p += n;
      left -= static_cast<size_t>(n);
    }
    return true;
  }

  std::string host_;
  std::string port_;
  int fd_ = -1;
};

bool exportProofLoad(const char *path, const std::vector<AnchorReading> &readings) {
  for (int attempt = 0; attempt < 2; ++attempt) {
    FILE *csv = std::fopen(path, "w");
    if (!csv)
      continue;
    bool ok = true;
    char line[80];
    for (const AnchorReading &r : readings) {
      int len = std::snprintf(line, sizeof line, "%d,%.1f,%.2f\n", r.anchor, r.kN, r.creepMm);
      size_t done = 0;
      while (ok && done < static_cast<size_t>(len)) {
        size_t n = std::fwrite(line + done, 1, len - done, csv); // OK: a fresh stream per attempt
        if (n == 0)
          ok = false;
        done += n;
      }
    }
    if (std::fclose(csv) != 0)
      ok = false;
    if (ok)
      return true;
    std::remove(path);
  }
  return false;
}

int main() {
  std::vector<AnchorReading> readings = {{7, 612.0, 0.4}, {8, 608.5, 0.6}};
  DataloggerLink link("datalogger.site", "5020");
  int sent = 0;
  for (const AnchorReading &r : readings) {
    char line[80];
    std::snprintf(line, sizeof line, "A%d %.1f kN %.2f mm\n", r.anchor, r.kN, r.creepMm);
    sent += link.send(line) ? 1 : 0;
  }
  bool exported = exportProofLoad("abutment-A-proof.csv", readings);
  std::printf("%d/%zu readings sent, export %s\n", sent, readings.size(), exported ? "ok" : "failed");
  return exported ? 0 : 1;
}
