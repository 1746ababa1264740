// ReportWriter: begin() opens, section() appends, finish() closes. finish()
// clears fp_ before closing, so the destructor does not close again; but it
// retries a failed fclose(), and a failed fclose() has already released the
// stream.
#include "report_writer.h"

#include <chrono>
#include <stdexcept>
#include <thread>

namespace liftops {

ReportWriter::~ReportWriter() {
  if (fp_)
    std::fclose(fp_); // OK: finish() clears fp_ before it closes
}

Status ReportWriter::begin(const std::string &path) {
  if (fp_)
    return Status::error(Errc::Invalid, "report " + path_ + " still open");
  fp_ = std::fopen(path.c_str(), "w");
  if (!fp_)
    return Status::error(Errc::Io, "cannot create " + path);
  path_ = path;
  std::fprintf(fp_, "# %s\n", path.c_str()); // OK: fp_ freshly opened, even after an earlier finish()
  return Status::ok();
}

void ReportWriter::section(const std::string &title, const std::string &body) {
  if (!fp_)
    throw std::runtime_error("report " + path_ + " is already finished");
  std::fprintf(fp_, "\n## %s\n%s\n", title.c_str(), body.c_str());
}

Status ReportWriter::finish() {
  if (!fp_)
    return Status::ok();
  std::FILE *fp = fp_;
  fp_ = nullptr;
  std::fflush(fp);
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (std::fclose(fp) == 0) // BUG: double-close
      return Status::ok();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return Status::error(Errc::Io, "cannot close " + path_);
}

} // namespace liftops
