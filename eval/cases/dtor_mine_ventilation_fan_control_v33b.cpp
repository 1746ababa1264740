// Underground mine ventilation: booster fans are started over a CAN socket
// when the methane reading rises. The socket descriptor lives in a
// unique_ptr-like FdHandle whose destructor closes it; a FanSession closes its
// controller in the destructor unless it was stopped explicitly. Negative
// case: handOff() releases ownership before the caller closes the descriptor,
// reset() closes the old descriptor once before taking the new one, a moved-
// from FanSession has nothing to close, and stop() nulls the pointer the
// destructor checks.
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class FdHandle {
public:
  FdHandle() = default;
  explicit FdHandle(int fd) : fd_(fd) {}
  ~FdHandle() { reset(); }
  FdHandle(FdHandle &&other) noexcept : fd_(other.release()) {}
  FdHandle &operator=(FdHandle &&other) noexcept {
    reset(other.release());
    return *this;
  }
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset(int fd = -1) {
    if (fd_ >= 0)
      ::close(fd_); // OK: fd_ is replaced right after, never closed twice
    fd_ = fd;
  }

private:
  int fd_ = -1;
};

class FanController {
public:
  explicit FanController(FdHandle can) : can_(std::move(can)) {}
  void spinUp(int rpm);
  void close();
  bool isClosed() const { return closed_; }

private:
  FdHandle can_;
  bool closed_ = false;
};

class FanSession {
public:
  explicit FanSession(FanController *fan) : fan_(fan) {}
  ~FanSession();
  FanSession(FanSession &&other) noexcept : fan_(std::exchange(other.fan_, nullptr)) {}
  void run(double methanePercent);
  void stop();

private:
  FanController *fan_;
};

void FanController::spinUp(int rpm) {
  if (closed_)
    throw std::runtime_error("fan controller closed");
  unsigned char frame[16] = {0x01, static_cast<unsigned char>(rpm / 10)};
  ::send(can_.get(), frame, sizeof frame, MSG_NOSIGNAL);
}

void FanController::close() {
  if (closed_)
    throw std::runtime_error("fan controller already closed");
  closed_ = true;
  can_.reset();
}

FanSession::~FanSession() {
  if (fan_ != nullptr)
    fan_->close(); // OK: stop() and moves null fan_ first
}

void FanSession::run(double methanePercent) {
  if (fan_ == nullptr)
    return;
  if (methanePercent > 1.0)
    fan_->spinUp(590);
}

void FanSession::stop() {
  if (fan_ == nullptr)
    return;
  fan_->close();
  fan_ = nullptr;
}

int handOff(FdHandle &spare) { return spare.release(); }

int main() {
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) != 0)
    return 1;
  FdHandle spare(sv[1]);
  int raw = handOff(spare);
  ::close(raw); // OK: ownership was released, spare's destructor closes nothing

  FanController shaft7{FdHandle(sv[0])};
  {
    FanSession shift(&shaft7);
    shift.run(1.4);
    FanSession moved(std::move(shift));
    moved.run(1.2); // OK: moved owns the controller now
    moved.stop();
  }
  if (!shaft7.isClosed())
    shaft7.spinUp(300);
  return 0;
}
