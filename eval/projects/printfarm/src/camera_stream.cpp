// CameraStream: capture thread, segment recording with std::ofstream, fps telemetry.
#include "printfarm/camera_stream.h"

#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>
#include <utility>

#include "printfarm/telemetry.h"

namespace printfarm {
namespace {
constexpr std::size_t kMaxFrame = 1 << 20;
constexpr char kMagic[] = "PFCAM1\n";
constexpr char kTrailer[] = "PFEND";
} // namespace

CameraStream::CameraStream(std::string printer, std::string device, std::string recordDir,
                           std::shared_ptr<TelemetryPublisher> telemetry)
    : printer_(std::move(printer)), device_(std::move(device)), dir_(std::move(recordDir)),
      telemetry_(std::move(telemetry)) {}

CameraStream::~CameraStream() {
  stop(); // OK: stop() returns at once when the stream is already stopped
}

bool CameraStream::start() {
  if (running_.load())
    return true;
  dev_.reset(::open(device_.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (!dev_)
    return false;
  {
    std::lock_guard<std::mutex> lock(recMu_);
    recording_.open(nextPath(), std::ios::binary | std::ios::trunc);
    if (!recording_.is_open()) {
      dev_.reset();
      return false;
    }
    frames_ = 0;
    writeHeader();
  }
  running_ = true;
  thread_ = std::thread(&CameraStream::captureLoop, this);
  return true;
}

void CameraStream::stop() {
  if (!running_.exchange(false))
    return;
  if (thread_.joinable())
    thread_.join();
  dev_.reset(); // OK: the capture thread that reads the device was joined above
  std::lock_guard<std::mutex> lock(recMu_);
  if (recording_.is_open()) {
    writeTrailer();
    recording_.close();
  }
}

void CameraStream::rotate() {
  std::lock_guard<std::mutex> lock(recMu_);
  if (!recording_.is_open())
    return;
  recording_.close();
  writeTrailer(); // BUG: use-after-close #trailer_lost
  recording_.open(nextPath(), std::ios::binary | std::ios::trunc);
  frames_ = 0;
  if (recording_.is_open())
    writeHeader(); // OK: a new segment file was opened just above
}

bool CameraStream::isRecording() const {
  std::lock_guard<std::mutex> lock(recMu_);
  return recording_.is_open();
}

void CameraStream::captureLoop() {
  using Clock = std::chrono::steady_clock;
  std::string frame;
  auto lastReport = Clock::now();
  std::uint64_t sinceReport = 0;
  while (running_.load()) {
    if (!readFrame(frame))
      continue;
    {
      std::lock_guard<std::mutex> lock(recMu_);
      if (recording_.is_open()) {
        const auto len = static_cast<std::uint32_t>(frame.size());
        recording_.write(reinterpret_cast<const char *>(&len), sizeof len); // OK: written only while is_open(), under recMu_ like every close
        recording_.write(frame.data(), static_cast<std::streamsize>(frame.size()));
        ++frames_;
      }
    }
    ++sinceReport;
    const auto now = Clock::now();
    if (now - lastReport >= std::chrono::seconds(10)) {
      const auto secs = std::chrono::duration_cast<std::chrono::seconds>(now - lastReport).count();
      telemetry_->publish(printer_, "camera", "{\"fps\":" + std::to_string(sinceReport / secs) + "}"); // BUG: use-after-close
      sinceReport = 0;
      lastReport = now;
    }
  }
}

bool CameraStream::readFrame(std::string &frame) {
  pollfd p{dev_.get(), POLLIN, 0};
  if (::poll(&p, 1, 500) <= 0)
    return false;
  frame.resize(kMaxFrame);
  const ssize_t n = ::read(dev_.get(), &frame[0], frame.size());
  if (n <= 0)
    return false;
  frame.resize(static_cast<std::size_t>(n));
  return true;
}

void CameraStream::writeHeader() {
  recording_.write(kMagic, sizeof kMagic - 1);
}

void CameraStream::writeTrailer() {
  const std::uint64_t count = frames_;
  recording_.write(kTrailer, sizeof kTrailer - 1); // SAME: trailer_lost
  recording_.write(reinterpret_cast<const char *>(&count), sizeof count);
  recording_.flush();
}

std::string CameraStream::nextPath() {
  char seq[16];
  std::snprintf(seq, sizeof seq, "%04u", segment_++);
  return dir_ + "/" + printer_ + "-" + seq + ".pfcam";
}

} // namespace printfarm
