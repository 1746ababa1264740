// TrendLog: hourly CSV segments ("point,value,time" lines) buffered in a
// RecordBuffer and written to the segment's FILE*, sealed when the hour
// changes, and indexed per day.
#include "trend_log.h"

#include <cerrno>
#include <cstring>
#include <sys/stat.h>

#include "diagnostics.h"
#include "format.h"

namespace bmsd {

// ---- StdioFile ----------------------------------------------------------

StdioFile::StdioFile(const std::string &path, const char *mode)
    : fp_(std::fopen(path.c_str(), mode)) {}

StdioFile::~StdioFile() { close(); }

StdioFile::StdioFile(StdioFile &&other) noexcept : fp_(other.fp_) {
  other.fp_ = nullptr;
}

StdioFile &StdioFile::operator=(StdioFile &&other) noexcept {
  if (this != &other) {
    close();
    fp_ = other.fp_;
    other.fp_ = nullptr;
  }
  return *this;
}

int StdioFile::close() {
  if (!fp_)
    return 0;
  FILE *fp = fp_;
  fp_ = nullptr;
  return std::fclose(fp);
}

// ---- RecordBuffer -------------------------------------------------------

RecordBuffer::~RecordBuffer() {
  if (fp_ && !pending_.empty())
    std::fwrite(pending_.data(), 1, pending_.size(), fp_); // BUG: use-after-close
}

void RecordBuffer::append(const std::string &line) {
  pending_ += line;
  if (pending_.size() >= limit_)
    flush();
}

std::size_t RecordBuffer::flush() {
  if (!fp_ || pending_.empty())
    return 0;
  const std::size_t n = std::fwrite(pending_.data(), 1, pending_.size(), fp_);
  written_ += n;
  pending_.clear();
  return n;
}

// ---- TrendSegment -------------------------------------------------------

TrendSegment::TrendSegment(std::string path, long hourKey)
    : path_(std::move(path)), hourKey_(hourKey), buffer_(16 * 1024),
      file_(path_, "a") {
  buffer_.attach(file_.get());
}

void TrendSegment::append(const TrendSample &sample) {
  if (!file_.isOpen())
    return;
  buffer_.append(sample.point + "," + formatValue(sample.value) + "," +
                 isoTime(sample.at) + "\n");
  ++records_;
}

void TrendSegment::flush() {
  buffer_.flush();
  if (file_.isOpen())
    std::fflush(file_.get());
}

Status sealSegmentFile(const std::string &path, std::uint64_t records) {
  FILE *fp = std::fopen(path.c_str(), "a");
  if (!fp)
    return Status::error(Status::Code::IoError,
                         "reopen " + path + ": " + std::strerror(errno));
  Status status = Status::ok();
  std::fprintf(fp, "#sealed,%llu\n", static_cast<unsigned long long>(records));
  if (std::fflush(fp) != 0 || std::ferror(fp)) {
    status = Status::error(Status::Code::IoError,
                           "sealing " + path + ": " + std::strerror(errno));
    std::fclose(fp);
  }
  if (std::fclose(fp) != 0 && status.good()) // BUG: double-close
    status = Status::error(Status::Code::IoError, "close " + path);
  return status;
}

Status exportSegments(const std::vector<std::string> &segments, const std::string &dest) {
  if (segments.empty())
    return Status::error(Status::Code::Invalid, "no segments to export");
  FILE *out = std::fopen(dest.c_str(), "w");
  if (!out)
    return Status::error(Status::Code::IoError,
                         "create " + dest + ": " + std::strerror(errno));
  Status status = Status::ok();
  std::size_t missing = 0;
  char buf[8192];
  for (std::size_t i = 0; i < segments.size(); ++i) {
    FILE *in = std::fopen(segments[i].c_str(), "r");
    if (in) {
      std::size_t n;
      while ((n = std::fread(buf, 1, sizeof buf, in)) > 0) // OK: a segment opened in this iteration
        std::fwrite(buf, 1, n, out); // OK: out is closed after the last segment only
      std::fclose(in);
    } else {
      ++missing;
    }
    if (i + 1 == segments.size() && std::fclose(out) != 0)
      status = Status::error(Status::Code::IoError, "close " + dest);
  }
  if (missing > 0 && status.good())
    status = Status::error(Status::Code::NotFound,
                           std::to_string(missing) + " segments missing from " + dest);
  return status;
}

// ---- TrendLog -----------------------------------------------------------

TrendLog::TrendLog(std::string dir, Diagnostics &diag)
    : dir_(std::move(dir)), diag_(diag), index_(diag) {}

TrendLog::~TrendLog() { close(); }

std::string TrendLog::segmentPath(long key) const {
  return dir_ + "/trend-" + std::to_string(key) + ".csv";
}

std::string TrendLog::indexPath(long day) const {
  return dir_ + "/index-" + std::to_string(day) + ".idx";
}

Status TrendLog::open(std::chrono::system_clock::time_point now) {
  std::lock_guard<std::mutex> lock(mu_);
  if (open_)
    return Status::ok();
  if (::mkdir(dir_.c_str(), 0755) != 0 && errno != EEXIST)
    return Status::error(Status::Code::IoError,
                         "mkdir " + dir_ + ": " + std::strerror(errno));
  const long key = hourKey(now);
  currentDay_ = dayOfHourKey(key);
  Status st = index_.open(indexPath(currentDay_));
  if (!st.good())
    return st;
  segment_.emplace(segmentPath(key), key);
  open_ = true;
  return Status::ok();
}

bool TrendLog::isOpen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return open_;
}

void TrendLog::append(const TrendSample &sample) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!open_)
    return;
  const long key = hourKey(sample.at);
  if (!segment_ || segment_->hourKey() != key)
    rotateLocked(key);
  segment_->append(sample); // OK: rotateLocked always leaves a fresh segment
}

void TrendLog::rotateLocked(long key) {
  if (segment_) {
    const std::string finished = segment_->path();
    const std::uint64_t records = segment_->records();
    Status indexed = index_.record(segment_->hourKey(), records, segment_->bytes());
    if (!indexed.good())
      diag_.warn("trend: %s", indexed.message().c_str());
    segment_.reset();
    Status sealed = sealSegmentFile(finished, records);
    if (!sealed.good())
      diag_.warn("trend: %s", sealed.message().c_str());
  }
  const long day = dayOfHourKey(key);
  if (day != currentDay_) {
    Status rolled = index_.rollover(indexPath(day));
    if (!rolled.good())
      diag_.warn("trend: index rollover: %s", rolled.message().c_str());
    currentDay_ = day;
  }
  segment_.emplace(segmentPath(key), key);
  if (!segment_->ok()) // OK
    diag_.warn("trend: cannot open %s", segmentPath(key).c_str());
}

void TrendLog::flush() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!open_)
    return;
  if (segment_) {
    segment_->flush(); // OK: close() resets the segment under mu_ with open_
    Status st = index_.record(segment_->hourKey(), segment_->records(), segment_->bytes());
    if (!st.good())
      diag_.warn("trend: %s", st.message().c_str());
  }
  Status synced = index_.sync(); // OK
  if (!synced.good())
    diag_.warn("trend: %s", synced.message().c_str());
}

Status TrendLog::exportDay(long day, const std::string &dest) const {
  std::vector<std::string> segments;
  segments.reserve(24);
  for (long hour = 0; hour < 24; ++hour)
    segments.push_back(segmentPath(day * 24 + hour));
  return exportSegments(segments, dest);
}

void TrendLog::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!open_)
    return;
  open_ = false;
  if (segment_) {
    segment_->flush();
    Status st = index_.record(segment_->hourKey(), segment_->records(), segment_->bytes());
    if (!st.good())
      diag_.warn("trend: %s", st.message().c_str());
    segment_.reset();
  }
  index_.close();
}

} // namespace bmsd
