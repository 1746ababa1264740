#include "buildfarm/job_log.h"

#include <stdexcept>
#include <utility>

namespace buildfarm {

JobLog::JobLog(std::string path) : path_(std::move(path)) {
  fp_ = std::fopen(path_.c_str(), "a");
  if (!fp_)
    throw std::runtime_error("cannot create job log " + path_);
  std::setvbuf(fp_, nullptr, _IOLBF, 0); // whole lines for the tailer
}

JobLog::~JobLog() {
  if (fp_)
    std::fclose(fp_); // OK: close() sets fp_ to nullptr
}

void JobLog::append(const std::string &line) {
  if (closed_)
    throw std::logic_error("job log closed: " + path_);
  std::fputs(line.c_str(), fp_);
  std::fputc('\n', fp_);
  ++lines_;
}

void JobLog::close() {
  if (closed_)
    throw std::logic_error("job log already closed: " + path_);
  closed_ = true;
  const int rc = std::fclose(fp_);
  fp_ = nullptr;
  if (rc != 0)
    throw std::runtime_error("job log " + path_ + ": close failed");
}

} // namespace buildfarm
