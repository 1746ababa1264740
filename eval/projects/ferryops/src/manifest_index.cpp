// ManifestIndex: a tab-separated list of sealed manifests, written with
// std::ofstream. seal() writes the entry count, closes the stream and
// returns early on later calls.
#include "manifest.h"

#include <cerrno>
#include <utility>

namespace ferry {

ManifestIndex::ManifestIndex(std::string path) : path_(std::move(path)) {}

Status ManifestIndex::open() {
  out_.open(path_, std::ios::out | std::ios::app);
  if (!out_.is_open())
    return Status::IoError(errno, "open index " + path_);
  sealed_ = false;
  return Status::Ok();
}

void ManifestIndex::record(const std::string &sailingId, const std::string &manifestPath,
                           std::size_t lines) {
  out_ << sailingId << '\t' << manifestPath << '\t' << lines << '\n'; // SAME: indexseal
  ++entries_;
}

Status ManifestIndex::seal() {
  if (sealed_)
    return Status::Ok();
  out_ << "#entries\t" << entries_ << '\n';
  out_.close(); // OK: seal() returns early once sealed
  sealed_ = true;
  if (out_.fail()) // OK: reads the result of the close
    return Status::IoError(EIO, "seal index " + path_);
  return Status::Ok();
}

} // namespace ferry
