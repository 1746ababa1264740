// Digitizer pimpl. The descriptor lives in Impl; close() closes it and marks
// it -1, and every use checks that first, as does the destructor.
#include "digitizer.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <system_error>
#include <unistd.h>
#include <utility>

struct Digitizer::Impl {
  std::string device;
  int fd = -1;
  int samples = 0;
  bool armed = false;
};

namespace {
int openDevice(const std::string &device) {
  const int fd = ::open(device.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(),
                            "digitizer " + device);
  return fd;
}
} // namespace

Digitizer::Digitizer(const std::string &device)
    : impl_(std::make_unique<Impl>()) {
  impl_->device = device;
  impl_->fd = openDevice(device);
}

Digitizer::~Digitizer() {
  if (impl_ && impl_->fd >= 0)
    ::close(impl_->fd); // OK
}

Digitizer::Digitizer(Digitizer &&other) noexcept = default;

Digitizer &Digitizer::operator=(Digitizer &&other) noexcept {
  if (this != &other) {
    close();
    impl_ = std::move(other.impl_);
  }
  return *this;
}

void Digitizer::arm(int samples) {
  if (!impl_ || impl_->fd < 0)
    throw std::runtime_error("digitizer closed, cannot arm");
  char cmd[32];
  const int n = std::snprintf(cmd, sizeof cmd, "ARM %d\n", samples);
  if (::write(impl_->fd, cmd, static_cast<std::size_t>(n)) != n)
    throw std::system_error(errno, std::generic_category(),
                            "digitizer arm " + impl_->device);
  impl_->samples = samples;
  impl_->armed = true;
}

std::vector<std::int16_t> Digitizer::readBlock() {
  if (!impl_ || impl_->fd < 0)
    throw std::runtime_error("digitizer closed, cannot read a block");
  if (!impl_->armed)
    throw std::logic_error("digitizer not armed");
  std::vector<std::int16_t> block(static_cast<std::size_t>(impl_->samples));
  const std::size_t want = block.size() * sizeof(std::int16_t);
  std::size_t got = 0;
  while (got < want) {
    const ssize_t n = ::read(impl_->fd, reinterpret_cast<char *>(block.data()) + got, want - got);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      throw std::system_error(errno, std::generic_category(),
                              "digitizer read " + impl_->device);
    got += static_cast<std::size_t>(n);
  }
  return block;
}

void Digitizer::close() {
  if (!impl_ || impl_->fd < 0)
    return;
  ::close(impl_->fd);
  impl_->fd = -1;
  impl_->armed = false;
}

void Digitizer::reopen() {
  close();
  impl_->fd = openDevice(impl_->device);
}

bool Digitizer::armed() const { return impl_ && impl_->armed; }

bool Digitizer::isOpen() const { return impl_ && impl_->fd >= 0; }
