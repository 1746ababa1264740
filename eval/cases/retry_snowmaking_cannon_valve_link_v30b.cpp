// Ski hill snowmaking: each snow cannon's valve controller is reached over a
// ValveLink whose close() answers Again while a valve is still travelling and
// leaves the link open; only a Done answer releases it. Snow depth goes to
// the grooming office through a FIFO opened afresh for every attempt. Every
// repeated close follows an Again answer (the link is still open), each FIFO
// descriptor is closed exactly once in its own attempt, and the telemetry
// descriptor is closed once, without a retry on EINTR (Linux releases the
// descriptor even when close() reports EINTR).
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

namespace snowmaking {

enum class CloseResult { Done, Again };

class ValveLink {
public:
  explicit ValveLink(int cannon) : cannon_(cannon) {}

  void command(const std::string &cmd) {
    if (closed_)
      throw std::runtime_error("valve link " + std::to_string(cannon_) + " closed: " + cmd);
    if (cmd.rfind("VALVE", 0) == 0)
      travelling_ = true;
  }

  void waitValveSettled() {
    if (closed_)
      throw std::runtime_error("valve link closed");
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    travelling_ = false;
  }

  CloseResult close() {
    if (closed_)
      throw std::logic_error("valve link " + std::to_string(cannon_) + " already closed");
    if (travelling_)
      return CloseResult::Again;
    closed_ = true;
    return CloseResult::Done;
  }

  void forceClose() {
    if (closed_)
      throw std::logic_error("valve link already closed");
    travelling_ = false;
    closed_ = true;
  }

private:
  int cannon_;
  bool travelling_ = false;
  bool closed_ = false;
};

void parkCannon(ValveLink &link) {
  link.command("VALVE 0");
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (link.close() == CloseResult::Done) // OK
      return;
    link.waitValveSettled(); // OK
  }
  link.forceClose(); // OK
}

void stopForWind(ValveLink &link) {
  link.command("FAN STOP");
  link.command("VALVE 0");
  while (link.close() == CloseResult::Again) // OK
    link.waitValveSettled();
}

bool pushSnowDepth(const char *fifo, const std::string &slope, int depthCm) {
  const std::string line = slope + " " + std::to_string(depthCm) + "\n";
  for (int attempt = 0; attempt < 3; ++attempt) {
    const int fd = ::open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
      if (errno != ENXIO)
        return false;
      std::this_thread::sleep_for(std::chrono::seconds(1));
      continue;
    }
    const ssize_t n = ::write(fd, line.data(), line.size());
    const int writeErr = errno;
    ::close(fd); // OK
    if (n == static_cast<ssize_t>(line.size()))
      return true;
    if (n < 0 && writeErr != EAGAIN)
      return false;
  }
  return false;
}

void finishTelemetry(int fd, const std::string &summary) {
  ssize_t n;
  while ((n = ::write(fd, summary.data(), summary.size())) < 0 && errno == EINTR) {
  }
  if (n < 0)
    std::perror("telemetry summary");
  if (::close(fd) == -1 && errno != EINTR) // OK
    std::perror("telemetry close");
}

} // namespace snowmaking
