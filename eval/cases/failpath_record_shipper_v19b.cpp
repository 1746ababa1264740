// Record shipper of a metering daemon: writes length-prefixed records to the
// collector over a pipe or socket descriptor (SIGPIPE is ignored, so a gone
// peer shows up as EPIPE). writeAll() closes the descriptor and throws through
// throwErrno() when a write fails; expectAck() closes and throws through
// abortShipment(), which always throws. sendBestEffort() closes the descriptor
// on EPIPE but only logs and returns, and shipBatch() keeps calling it for
// the rest of the batch; main() closes the descriptor again after
// shipCritical() threw, although every throwing path there already closed it.
#include <arpa/inet.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <iostream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

struct ShipError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void throwErrno(const std::string &what) {
  throw std::system_error(errno, std::generic_category(), what);
}

// Closes the descriptor and always throws ShipError.
void abortShipment(int fd, const std::string &why) {
  ::close(fd);
  throw ShipError("shipment aborted: " + why);
}

void writeAll(int fd, const void *data, std::size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    const ssize_t n = ::write(fd, p, len);
    if (n < 0) {
      const int saved = errno;
      ::close(fd);
      errno = saved;
      throwErrno("write to collector");
    }
    p += n;
    len -= static_cast<std::size_t>(n);
  }
}

void sendBestEffort(int fd, const std::string &record) {
  const std::uint32_t len = htonl(static_cast<std::uint32_t>(record.size()));
  if (::write(fd, &len, sizeof len) < 0) { // SAME: besteffort
    if (errno == EPIPE) {
      std::cerr << "shipper: collector went away, dropping record\n";
      ::close(fd);
    }
    return;
  }
  ::write(fd, record.data(), record.size());
}

void shipBatch(int fd, const std::vector<std::string> &batch) {
  for (const std::string &record : batch)
    sendBestEffort(fd, record); // BUG: use-after-close #besteffort
}

void expectAck(int fd) {
  char ack = 0;
  if (::read(fd, &ack, 1) != 1 || ack != 'A')
    abortShipment(fd, "collector did not acknowledge");
  writeAll(fd, "K", 1); // OK: abortShipment() closes and always throws
}

void shipCritical(int fd, const std::vector<std::string> &batch) {
  for (const std::string &record : batch) {
    const std::uint32_t len = htonl(static_cast<std::uint32_t>(record.size()));
    writeAll(fd, &len, sizeof len);
    writeAll(fd, record.data(), record.size()); // OK: writeAll throws after it closes
  }
  expectAck(fd);
  ::close(fd); // OK: every path that closed before this point threw
}

int main() {
  ::signal(SIGPIPE, SIG_IGN);
  int toCollector[2];
  if (::pipe(toCollector) != 0)
    return 1;
  ::close(toCollector[0]); // simulate a collector that already exited
  shipBatch(toCollector[1], {"meter=7 kwh=12.5", "meter=8 kwh=3.1"});
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
    return 1;
  ::close(sv[1]); // simulate a collector that already exited
  try {
    shipCritical(sv[0], {"meter=9 kwh=0.4"});
  } catch (const std::exception &e) {
    std::cerr << "shipper: " << e.what() << '\n';
    ::close(sv[0]); // BUG: double-close
  }
  return 0;
}
