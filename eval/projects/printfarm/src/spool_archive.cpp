// Archiving and copying spool files (see spool_archive.h: archiveSpool() closes the spool).
#include "printfarm/spool_archive.h"

#include <cstdio>
#include <vector>

#include "printfarm/job_spool.h"

namespace printfarm {

bool archiveSpool(JobSpool &spool, const std::string &archiveDir) {
  spool.close(); // SAME: archive_twice
  const std::string &src = spool.path(); // OK: path() is plain data, still valid after close()
  const std::string dest = archiveDir + "/" + src.substr(src.find_last_of('/') + 1);
  if (std::rename(src.c_str(), dest.c_str()) == 0)
    return true;
  // EXDEV: the archive lives on the NAS mount.
  if (!copySpoolFile(src, dest))
    return false;
  std::remove(src.c_str());
  return true;
}

bool copySpoolFile(const std::string &from, const std::string &to) {
  std::FILE *in = std::fopen(from.c_str(), "rb");
  if (!in)
    return false;
  std::FILE *out = std::fopen(to.c_str(), "wb");
  if (!out) {
    std::fclose(in);
    return false;
  }
  std::vector<char> buf(1 << 16);
  bool ok = true;
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), in)) > 0) {
    if (std::fwrite(buf.data(), 1, n, out) != n) {
      ok = false;
      break;
    }
  }
  if (std::ferror(in)) // OK: in is fclosed only on the path that returned above
    ok = false;
  std::fclose(in); // OK: the other fclose(in) is on the failure path that returned
  if (std::fclose(out) != 0)
    ok = false;
  if (!ok)
    std::remove(to.c_str());
  return ok;
}

} // namespace printfarm
