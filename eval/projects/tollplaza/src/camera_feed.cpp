// CameraFeed: one ANPR camera's character device. Frames are a 4-byte
// little-endian length followed by the JPEG and the camera's plate metadata.
// A read error or EOF stops the feed; readFrame() on a stopped feed returns
// false.
#include "camera_feed.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>
#include <utility>

namespace toll {

CameraFeed::CameraFeed(int id, std::string device) : id_(id), device_(std::move(device)) {}

Result CameraFeed::open() {
  Fd fresh(::open(device_.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (!fresh.valid())
    return Result::fromErrno("camera " + std::to_string(id_) + ": open " + device_);
  fd_ = std::move(fresh);
  return Result::success();
}

bool CameraFeed::readFrame(std::vector<std::uint8_t> &frame) {
  if (!fd_.valid())
    return false;
  std::uint32_t len = 0;
  const ssize_t n = ::read(fd_.get(), &len, sizeof len);
  if (n < 0 && (errno == EAGAIN || errno == EINTR))
    return false;
  if (n != static_cast<ssize_t>(sizeof len) || len == 0 || len > (8u << 20)) {
    stop();
    return false;
  }
  frame.resize(len);
  std::size_t got = 0;
  while (got < len) {
    const ssize_t m = ::read(fd_.get(), frame.data() + got, len - got);
    if (m < 0 && (errno == EAGAIN || errno == EINTR))
      continue;
    if (m <= 0) {
      stop();
      return false;
    }
    got += static_cast<std::size_t>(m);
  }
  return true;
}

void CameraFeed::stop() { (void)fd_.close(); }

bool CameraFeed::active() const { return fd_.valid(); }

} // namespace toll
