// OfflineBuffer: newline-delimited spill files with size-based rotation
// (contract in offline_buffer.h).
#include "iotbridge/offline_buffer.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "iotbridge/log.h"
#include "iotbridge/segment_io.h"

namespace iotbridge {

OfflineBuffer::OfflineBuffer(std::string dir, std::size_t maxSegmentBytes)
    : dir_(std::move(dir)), maxSegmentBytes_(maxSegmentBytes) {}

OfflineBuffer::~OfflineBuffer() { close(); }

bool OfflineBuffer::open() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fp_) return true;
  if (::mkdir(dir_.c_str(), 0750) != 0 && errno != EEXIST) {
    IOTB_LOG(Error, "buffer", "cannot create " << dir_ << ": " << std::strerror(errno));
    return false;
  }
  unsigned index = seg::lastSegmentIndex(dir_);
  if (index == 0) index = 1;
  const std::string path = seg::segmentPath(dir_, index);
  FILE* fp = std::fopen(path.c_str(), "a");
  if (!fp) {
    IOTB_LOG(Error, "buffer", "cannot open " << path << ": " << std::strerror(errno));
    return false;
  }
  std::setvbuf(fp, nullptr, _IOLBF, 0);
  std::fseek(fp, 0, SEEK_END);
  long size = std::ftell(fp);
  fp_ = fp;
  segmentIndex_ = index;
  segmentBytes_ = size > 0 ? static_cast<std::size_t>(size) : 0;
  IOTB_LOG(Info, "buffer", "spilling to " << path << " (" << segmentBytes_ << " bytes)");
  return true;
}

void OfflineBuffer::append(const std::string& line) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!fp_) throw std::runtime_error("offline buffer " + dir_ + " is not open");

  const std::string record = line + "\n";
  if (segmentBytes_ > 0 && segmentBytes_ + record.size() > maxSegmentBytes_) {
    if (!rotateLocked()) {
      IOTB_LOG(Warn, "buffer", "rotation failed, staying on segment " << segmentIndex_);
    }
  }
  std::size_t written = std::fwrite(record.data(), 1, record.size(), fp_);  // BUG: use-after-close
  if (written != record.size()) {
    IOTB_LOG(Error, "buffer", "short write to segment " << segmentIndex_);
    return;
  }
  segmentBytes_ += written;
  ++appended_;
}

bool OfflineBuffer::rotateLocked() {
  if (std::fclose(fp_) != 0) {  // BUG: double-close
    IOTB_LOG(Warn, "buffer", "closing segment " << segmentIndex_ << ": " << std::strerror(errno));
  }
  const unsigned next = segmentIndex_ + 1;
  const std::string path = seg::segmentPath(dir_, next);
  FILE* fp = std::fopen(path.c_str(), "a");
  if (!fp) {
    IOTB_LOG(Error, "buffer", "cannot open " << path << ": " << std::strerror(errno));
    return false;
  }
  std::setvbuf(fp, nullptr, _IOLBF, 0);
  fp_ = fp;
  segmentIndex_ = next;
  segmentBytes_ = 0;
  return true;
}

void OfflineBuffer::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fp_) {
    std::fclose(fp_);  // BUG: double-close
    fp_ = nullptr;
    IOTB_LOG(Info, "buffer", "closed segment " << segmentIndex_ << " after " << appended_ << " records");
  }
}

unsigned OfflineBuffer::currentSegment() const {
  std::lock_guard<std::mutex> lk(mu_);
  return segmentIndex_;
}

std::size_t OfflineBuffer::appended() const {
  std::lock_guard<std::mutex> lk(mu_);
  return appended_;
}

}  // namespace iotbridge
