// RfidReader: reads "TAG <id> <gate>" lines from the RFID reader chain's serial device.
// read_tag() waits at most 200 ms so a polling loop can notice a stop request; after
// stop() it answers Code::Closed. Negative file: stop() is idempotent and every read is
// guarded by the descriptor check.
#include "rfid_reader.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/types.h>
#include <unistd.h>

namespace tubed {

RfidReader::RfidReader(std::string device) : device_(std::move(device)) {}

RfidReader::~RfidReader() {
  stop(); // OK: idempotent
}

Status RfidReader::start() {
  if (fd_.valid()) return Status::ok();
  const int fd = ::open(device_.c_str(), O_RDONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return Status::error(Code::IoError, device_ + ": " + std::strerror(errno));
  fd_.reset(fd);
  running_ = true;
  return Status::ok();
}

Result<TagRead> RfidReader::read_tag() {
  const int fd = fd_.get();
  if (fd < 0) return Status::error(Code::Closed, "rfid reader stopped");
  for (;;) {
    const auto nl = pending_.find('\n');
    if (nl != std::string::npos) {
      const std::string line = pending_.substr(0, nl);
      pending_.erase(0, nl + 1);
      if (line.compare(0, 4, "TAG ") != 0) continue;
      const auto sp = line.find(' ', 4);
      TagRead read;
      read.tag = line.substr(4, sp == std::string::npos ? std::string::npos : sp - 4);
      read.gate = sp == std::string::npos ? std::string("?") : line.substr(sp + 1);
      read.at = std::chrono::steady_clock::now();
      return read;
    }
    pollfd p{fd, POLLIN, 0};
    const int rc = ::poll(&p, 1, 200);
    if (rc == 0) return Status::error(Code::Timeout, "no tag");
    if (rc < 0) {
      if (errno == EINTR) continue;
      return Status::error(Code::IoError, std::string("rfid poll: ") + std::strerror(errno));
    }
    char buf[128];
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Status::error(Code::IoError, "rfid reader disconnected");
    pending_.append(buf, static_cast<std::size_t>(n));
  }
}

void RfidReader::stop() {
  running_ = false;
  fd_.close(); // OK: FdHandle::close() is idempotent
}

bool RfidReader::running() const { return running_.load(); }

}  // namespace tubed
