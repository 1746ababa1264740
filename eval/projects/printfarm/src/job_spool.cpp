// JobSpool: the per-printer spool file (see job_spool.h: closing twice throws).
#include "printfarm/job_spool.h"

#include <stdexcept>
#include <utility>

namespace printfarm {

JobSpool::JobSpool(std::string dir, std::string printer)
    : dir_(std::move(dir)), printer_(std::move(printer)) {}

JobSpool::~JobSpool() {
  if (fp_)
    std::fclose(fp_); // OK: close() resets fp_, so a spool closed explicitly is not fclosed again
}

bool JobSpool::open(const std::string &jobId) {
  if (fp_)
    close(); // OK: only a spool that is still open is closed here
  path_ = dir_ + "/" + printer_ + "-" + jobId + ".gcode";
  bytes_ = 0;
  fp_ = std::fopen(path_.c_str(), "wb");
  return fp_ != nullptr;
}

void JobSpool::append(const std::string &data) {
  if (!fp_)
    throw std::runtime_error("spool closed: " + path_);
  if (std::fwrite(data.data(), 1, data.size(), fp_) != data.size())
    throw std::runtime_error("spool write failed: " + path_);
  bytes_ += data.size();
}

void JobSpool::flush() {
  if (!fp_)
    throw std::runtime_error("spool closed: " + path_);
  std::fflush(fp_);
}

void JobSpool::close() {
  if (!fp_)
    throw std::logic_error("spool already closed: " + path_);
  std::FILE *fp = fp_;
  fp_ = nullptr;
  std::fflush(fp);
  std::fclose(fp);
}

} // namespace printfarm
