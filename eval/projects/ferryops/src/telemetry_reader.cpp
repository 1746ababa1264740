// Vessel telemetry, serial side: the GPS/compass NMEA feed arrives on a
// USB-serial adapter owned by a UniqueFd. The adapter re-enumerates after a
// brown-out, so reopenSerial() drops the stale descriptor and opens the
// device again. probeCompass() identifies a compass on a spare port;
// handOverSerial() passes the port to the bridge console process.
#include "telemetry.h"

#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>
#include <utility>

#include "io_util.h"

namespace ferry {

namespace {
Status configureRaw(int fd, const std::string &device) {
  termios tio{};
  if (::tcgetattr(fd, &tio) != 0)
    return Status::IoError(errno, "tcgetattr " + device);
  ::cfmakeraw(&tio);
  ::cfsetispeed(&tio, B4800);
  ::cfsetospeed(&tio, B4800);
  if (::tcsetattr(fd, TCSANOW, &tio) != 0)
    return Status::IoError(errno, "tcsetattr " + device);
  return Status::Ok();
}

int openDevice(const std::string &device) {
  return ::open(device.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
}
} // namespace

VesselTelemetryReader::VesselTelemetryReader(std::string serialDevice)
    : device_(std::move(serialDevice)) {}

VesselTelemetryReader::~VesselTelemetryReader() {
  stop(); // OK: stop() returns early after the first call
}

Status VesselTelemetryReader::openSerial() {
  UniqueFd fd(openDevice(device_));
  if (!fd)
    return Status::IoError(errno, "open " + device_);
  Status st = configureRaw(fd.get(), device_);
  if (!st.ok())
    return st;
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_)
    return Status::Closed("telemetry stopped");
  serial_ = std::move(fd);
  return Status::Ok();
}

Status VesselTelemetryReader::reopenSerial() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_)
    return Status::Closed("telemetry stopped");
  ::close(serial_.get());
  UniqueFd fresh(openDevice(device_));
  const Status st = fresh ? configureRaw(fresh.get(), device_)
                          : Status::IoError(errno, "reopen " + device_);
  if (!st.ok()) {
    serial_.release(); // OK: already closed by hand above; dropped without a second close
    return st;
  }
  serial_ = std::move(fresh); // BUG: double-close #serialhand
  lineBuf_.clear();
  return Status::Ok();
}

std::optional<TelemetrySample> VesselTelemetryReader::pollSerial(int timeoutMs) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_ || !serial_)
    return std::nullopt;
  pollfd pfd{serial_.get(), POLLIN, 0};
  if (::poll(&pfd, 1, timeoutMs) <= 0)
    return std::nullopt;
  char buf[256];
  const ssize_t n = ::read(serial_.get(), buf, sizeof buf); // OK: stop() closes under mu_, checked above
  if (n <= 0)
    return std::nullopt;
  lineBuf_.append(buf, static_cast<std::size_t>(n));
  std::optional<TelemetrySample> out;
  std::size_t eol;
  while ((eol = lineBuf_.find('\n')) != std::string::npos) {
    TelemetrySample s = latest_;
    if (parseNmea(lineBuf_.substr(0, eol), s)) {
      latest_ = s;
      out = s;
    }
    lineBuf_.erase(0, eol + 1);
  }
  return out;
}

Status VesselTelemetryReader::probeCompass(const std::string &device, std::string &model) {
  const int fd = ::open(device.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return Status::IoError(errno, "open " + device);
  FdGuard guard{fd};
  static const char query[] = "$PCMPQ,ID*4B\r\n";
  if (!writeAll(fd, query, sizeof query - 1))
    return Status::IoError(errno, "query " + device);
  char buf[128] = {};
  const ssize_t n = ::read(fd, buf, sizeof buf - 1);
  if (n <= 0) {
    const int err = n == 0 ? EIO : errno;
    ::close(fd);
    return Status::IoError(err, "no reply from " + device); // BUG: double-close #compassguard
  }
  model.assign(buf, static_cast<std::size_t>(n));
  return Status::Ok();
}

Status VesselTelemetryReader::handOverSerial(int unixSock) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!serial_)
    return Status::Closed("serial port not open");
  const int fd = serial_.release();
  const Status st = sendDescriptor(unixSock, fd);
  ::close(fd); // OK: released from the UniqueFd above, so this is its only close
  return st;
}

TelemetrySample VesselTelemetryReader::latest() const {
  std::lock_guard<std::mutex> lk(mu_);
  return latest_;
}

void VesselTelemetryReader::stop() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_.exchange(true))
    return;
  serial_.reset();
  closeQuietly(beaconFd_); // SAME: beaconrace
  beaconFd_ = -1;
}

} // namespace ferry
