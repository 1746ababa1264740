// SegmentWriter: one segment file on local disk.
#include "ingestd/segment_writer.h"

#include <stdexcept>
#include <unistd.h>

namespace ingestd {

std::unique_ptr<SegmentWriter> SegmentWriter::open(const std::string &path,
                                                   const std::string &streamKey,
                                                   std::uint64_t seq) {
  std::FILE *fp = std::fopen(path.c_str(), "wb");
  if (!fp)
    return nullptr;
  return std::unique_ptr<SegmentWriter>(new SegmentWriter(fp, path, streamKey, seq));
}

SegmentWriter::SegmentWriter(std::FILE *fp, std::string path, std::string streamKey,
                             std::uint64_t seq)
    : fp_(fp), path_(std::move(path)), streamKey_(std::move(streamKey)), seq_(seq),
      opened_(std::chrono::steady_clock::now()) {}

SegmentWriter::~SegmentWriter() {
  if (fp_)
    std::fclose(fp_); // OK: close() sets fp_ to nullptr, so this only runs for a never-closed file
}

void SegmentWriter::write(const void *data, std::size_t len) {
  if (!fp_)
    throw std::logic_error("segment writer closed: " + path_);
  if (std::fwrite(data, 1, len, fp_) != len) // OK: fp_ checked just above
    throw std::runtime_error("short write to " + path_);
  bytes_ += len;
}

SegmentInfo SegmentWriter::close() {
  if (!fp_)
    throw std::logic_error("segment already closed: " + path_);
  std::fflush(fp_);
  ::fsync(::fileno(fp_));
  std::fclose(fp_);
  fp_ = nullptr;
  SegmentInfo info;
  info.streamKey = streamKey_;
  info.path = path_;
  info.seq = seq_;
  info.bytes = bytes_;
  info.durationSec =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - opened_).count();
  return info;
}

} // namespace ingestd
