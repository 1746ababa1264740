// A report exporter closes the FILE* inside the try and then records the
// export in an audit trail that can throw; when it does, the handler closes
// the already-closed file again (bug). The descriptor variant closes and then
// calls a metrics hook that may throw, and the handler closes the descriptor
// a second time (bug); the handler's log line is fine.
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class AuditTrail {
public:
  void record(const std::string &event) {
    if (entries_.size() >= 10000)
      throw std::runtime_error("audit trail full");
    entries_.push_back(event);
  }

private:
  std::vector<std::string> entries_;
};

bool exportReport(std::FILE *out, const std::string &body, AuditTrail &audit) {
  try {
    std::fputs(body.c_str(), out);
    std::fclose(out);
    audit.record("report exported");
  } catch (const std::exception &) {
    std::fclose(out); // BUG: double-close
    return false;
  }
  return true;
}

void incrementCounter(const std::string &name, std::vector<std::string> &counters) {
  counters.push_back(name); // may throw std::bad_alloc
}

void finishUpload(int fd, std::vector<std::string> &counters) {
  try {
    ::fsync(fd);
    ::close(fd);
    incrementCounter("uploads_closed", counters);
  } catch (...) {
    std::fputs("finishUpload failed\n", stderr); // OK
    ::close(fd); // BUG: double-close
  }
}
