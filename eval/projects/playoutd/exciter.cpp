// Exciter: the FM exciter's remote control port. The serial descriptor lives
// in Impl; close() hands control back to the front panel and drops the Impl,
// and every method checks impl_ first.
#include "exciter.h"

#include <cstdlib>
#include <fcntl.h>
#include <stdexcept>
#include <termios.h>
#include <unistd.h>
#include <utility>

struct Exciter::Impl {
  explicit Impl(int fd) : fd(fd) {}
  ~Impl() {
    ::close(fd); // SAME: exclose
  }
  Impl(const Impl &) = delete;
  Impl &operator=(const Impl &) = delete;

  std::string query(const std::string &command) {
    const std::string line = command + "\r";
    if (::write(fd, line.data(), line.size()) < 0)
      throw std::runtime_error("exciter: write failed");
    char reply[64] = {};
    const ssize_t n = ::read(fd, reply, sizeof reply - 1);
    return n > 0 ? std::string(reply, static_cast<std::size_t>(n)) : std::string();
  }

  int fd;
};

Exciter::Exciter(std::string port) : port_(std::move(port)) {}
Exciter::~Exciter() = default;
Exciter::Exciter(Exciter &&) noexcept = default;
Exciter &Exciter::operator=(Exciter &&) noexcept = default;

bool Exciter::open() {
  if (impl_)
    return true;
  const int fd = ::open(port_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return false;
  termios tio{};
  if (::tcgetattr(fd, &tio) == 0) {
    ::cfmakeraw(&tio);
    ::cfsetspeed(&tio, B9600);
    tio.c_cc[VMIN] = 0;
    tio.c_cc[VTIME] = 5;
    ::tcsetattr(fd, TCSANOW, &tio);
  }
  impl_ = std::make_unique<Impl>(fd);
  return true;
}

void Exciter::setPower(int watts) {
  if (!impl_)
    throw std::runtime_error("exciter " + port_ + " closed");
  impl_->query("PWR " + std::to_string(watts));
}

int Exciter::forwardPower() const {
  if (!impl_)
    return -1;
  return std::atoi(impl_->query("FWD?").c_str()); // OK: impl_ is null after close()
}

void Exciter::close() {
  if (!impl_)
    return;
  impl_->query("LOCAL"); // hand control back to the front panel
  ::tcdrain(impl_->fd);
  ::close(impl_->fd);
  impl_.reset(); // BUG: double-close #exclose
}

bool Exciter::isOpen() const { return impl_ != nullptr; }
