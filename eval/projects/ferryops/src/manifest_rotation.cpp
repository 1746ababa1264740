// Manifest housekeeping around departures: closing out a sailing (late
// boardings appended, then the log rotated to the next sailing), abandoning
// a cancelled sailing's manifest, archiving a sealed manifest to the archive
// volume and writing the per-sailing summary file.
#include "manifest.h"

#include <cerrno>

#include "io_util.h"

namespace ferry {

Status closeOutSailing(const std::string &dir, const Sailing &done, const Sailing &next,
                       const std::vector<BoardingEvent> &stragglers) {
  ManifestLog log(dir);
  Status st = log.open(done);
  if (!st.ok())
    return st;
  for (const BoardingEvent &e : stragglers) {
    st = log.append(e);
    if (!st.ok())
      return st;
  }
  st = log.rotate(next);
  if (!st.ok())
    return st; // BUG: double-close #manifestrot
  return log.append(BoardingEvent{next.id, "OPENED", 0, nowMillis(), false}); // OK: rotate() opened the next sailing's file
}

Status abandonSailing(const std::string &dir, const Sailing &s, const std::string &why) {
  ManifestLog log(dir);
  Status st = log.open(s);
  if (!st.ok())
    return st;
  st = log.append(BoardingEvent{s.id, "CANCELLED " + why, 0, nowMillis(), false});
  log.close();
  return st; // OK: close() nulled fp_, so the destructor closes nothing
}

Status archiveManifest(const std::string &src, const std::string &dst) {
  FilePtr in(std::fopen(src.c_str(), "rb"));
  if (!in)
    return Status::IoError(errno, "open " + src);
  FilePtr out(std::fopen(dst.c_str(), "wb"));
  if (!out)
    return Status::IoError(errno, "create " + dst);
  char buf[8192];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, in.get())) > 0) {
    if (std::fwrite(buf, 1, n, out.get()) != n)
      return Status::IoError(errno, "write " + dst);
  }
  if (std::ferror(in.get()))
    return Status::IoError(EIO, "read " + src);
  const bool closed = std::fclose(out.get()) == 0;
  return closed ? Status::Ok() : Status::IoError(errno, "close " + dst); // BUG: double-close #archivedeleter
}

Status writeSailingSummary(const std::string &path, const SailingSummary &s) {
  FilePtr out(std::fopen(path.c_str(), "w"));
  if (!out)
    return Status::IoError(errno, "create " + path);
  std::fprintf(out.get(), "sailing=%s\nmanifest=%s\nlines=%zu\n", s.sailingId.c_str(),
               s.manifestPath.c_str(), s.lines);
  if (std::fclose(out.release()) != 0) // OK: released from the FilePtr before the close
    return Status::IoError(errno, "close " + path);
  return Status::Ok();
}

} // namespace ferry
