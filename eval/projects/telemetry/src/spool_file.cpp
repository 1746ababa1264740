// spool_file.cpp: SpoolFile over stdio (fopen/fputs/fclose). close() is not
// idempotent: a second close() is a logic error and throws.
#include "telemetry/spool_file.h"

#include <cerrno>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace telemetry {

SpoolFile::SpoolFile(std::string path) : path_(std::move(path)) {
  fp_ = std::fopen(path_.c_str(), "a");
  if (fp_ == nullptr)
    throw std::system_error(errno, std::generic_category(),
                            "open spool file " + path_);
}

SpoolFile::~SpoolFile() {
  if (fp_ != nullptr)
    std::fclose(fp_);
}

SpoolFile::SpoolFile(SpoolFile &&other) noexcept
    : path_(std::move(other.path_)), fp_(std::exchange(other.fp_, nullptr)),
      bytes_(other.bytes_) {}

SpoolFile &SpoolFile::operator=(SpoolFile &&other) noexcept {
  if (this != &other) {
    if (fp_ != nullptr)
      std::fclose(fp_);
    path_ = std::move(other.path_);
    fp_ = std::exchange(other.fp_, nullptr);
    bytes_ = other.bytes_;
  }
  return *this;
}

bool SpoolFile::append(const std::string &line) {
  if (fp_ == nullptr)
    throw std::logic_error("spool file " + path_ + " is closed, cannot append");
  if (std::fputs(line.c_str(), fp_) == EOF)
    return false;
  bytes_ += line.size();
  return true;
}

void SpoolFile::flush() {
  if (fp_ == nullptr)
    throw std::logic_error("spool file " + path_ + " is closed, cannot flush");
  if (std::fflush(fp_) != 0)
    throw std::system_error(errno, std::generic_category(),
                            "flush spool file " + path_);
}

void SpoolFile::close() {
  if (fp_ == nullptr)
    throw std::logic_error("spool file " + path_ + " already closed");
  std::FILE *fp = std::exchange(fp_, nullptr);
  if (std::fclose(fp) != 0)
    throw std::system_error(errno, std::generic_category(),
                            "close spool file " + path_);
}

bool SpoolFile::good() const noexcept {
  return fp_ != nullptr && std::ferror(fp_) == 0;
}

bool SpoolFile::is_open() const noexcept { return fp_ != nullptr; }

} // namespace telemetry
