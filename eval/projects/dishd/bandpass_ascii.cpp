// Bandpass export for the calibration pipeline. writeBandpassAscii writes one
// text line per averaged spectrum and stops at the first empty spectrum (a
// dropped correlator dump); writeBandpassIndex publishes a small index file
// through a temporary, a rename and a read-back check.
#include "bandpass_ascii.h"

#include "descriptor.h"
#include "shiftlog.h"

#include <cstdio>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

bool writeBandpassAscii(const std::string &path,
                        const std::vector<Spectrum> &spectra, ShiftLog &log) {
  UniqueStream out = UniqueStream::open(path.c_str(), "w");
  if (!out) {
    log.append("bandpass: cannot create " + path);
    return false;
  }
  std::FILE *fp = out.get();
  std::fprintf(fp, "# dishd bandpass, %zu spectra\n", spectra.size());

  bool complete = true;
  for (const Spectrum &s : spectra) {
    if (s.power.empty()) {
      log.append("bandpass: empty spectrum at MJD " + std::to_string(s.mjd) +
                 ", truncating " + path);
      out.reset();
      complete = false;
      break;
    }
    std::fprintf(fp, "%.6f", s.mjd);
    for (float p : s.power)
      std::fprintf(fp, " %.4e", static_cast<double>(p));
    std::fputc('\n', fp);
  }
  std::fflush(fp); // BUG: use-after-close
  return complete;
}

bool writeBandpassIndex(const std::string &path,
                        const std::vector<Spectrum> &spectra) {
  const std::string partial = path + ".partial";
  UniqueFd fd = UniqueFd::open(partial.c_str(),
                               O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (!fd)
    return false;

  for (const Spectrum &s : spectra) {
    char line[64];
    const int n = std::snprintf(line, sizeof line, "%.6f %zu\n", s.mjd,
                                s.power.size());
    if (::write(fd.get(), line, static_cast<std::size_t>(n)) != n) {
      fd.reset();
      ::unlink(partial.c_str());
      return false;
    }
  }
  if (::fsync(fd.get()) != 0) // OK
    return false;
  fd.reset();
  if (::rename(partial.c_str(), path.c_str()) != 0)
    return false;

  // Read the published index back: an empty file means the rename raced a
  // cleanup job and the pipeline must not pick it up.
  fd = UniqueFd::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat st {};
  return fd && ::fstat(fd.get(), &st) == 0 && st.st_size > 0; // OK
}
