// ManifestLog: one append-only FILE* per sailing. rotate() seals the current
// sailing's file with a trailer, closes it and opens the next sailing's file;
// close() is idempotent (it nulls fp_) and the destructor closes whatever is
// still open.
#include "manifest.h"

#include <cerrno>
#include <utility>

namespace ferry {

ManifestLog::ManifestLog(std::string dir) : dir_(std::move(dir)) {}

ManifestLog::~ManifestLog() {
  if (fp_ != nullptr)
    std::fclose(fp_); // SAME: manifestrot
}

std::string ManifestLog::pathFor(const Sailing &s) const { return dir_ + "/" + s.id + ".manifest"; }

Status ManifestLog::open(const Sailing &sailing) {
  if (fp_ != nullptr)
    return Status::Invalid("manifest for " + sailingId_ + " is already open");
  const std::string path = pathFor(sailing);
  std::FILE *f = std::fopen(path.c_str(), "a");
  if (f == nullptr)
    return Status::IoError(errno, "open manifest " + path);
  fp_ = f;
  path_ = path;
  sailingId_ = sailing.id;
  lines_ = 0;
  return Status::Ok();
}

Status ManifestLog::append(const BoardingEvent &e) {
  if (fp_ == nullptr)
    return Status::Closed("manifest closed");
  if (std::fprintf(fp_, "%s\n", encodeEvent(e).c_str()) < 0) // OK: returns above when closed
    return Status::IoError(errno, "append to " + path_);
  ++lines_;
  return Status::Ok();
}

Status ManifestLog::rotate(const Sailing &next) {
  if (fp_ != nullptr) {
    std::fprintf(fp_, "# sealed %s lines=%zu\n", sailingId_.c_str(), lines_);
    std::fclose(fp_);
  }
  const std::string path = pathFor(next);
  std::FILE *f = std::fopen(path.c_str(), "a");
  if (f == nullptr)
    return Status::IoError(errno, "open manifest " + path);
  fp_ = f;
  path_ = path;
  sailingId_ = next.id;
  lines_ = 0;
  return Status::Ok();
}

void ManifestLog::close() {
  if (fp_ == nullptr)
    return;
  std::fclose(fp_);
  fp_ = nullptr;
}

} // namespace ferry
