// Archiver: compresses finished trip files on a background thread. Each file
// is written to "<name>.gz.part", renamed into place once complete, and then
// the original is removed and the archive recorded in the manifest.
#include "archiver.h"

#include <cerrno>
#include <cinttypes>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

#include "defer.h"
#include "diagnostics.h"
#include "gzip_writer.h"
#include "telemetry.h"

namespace fleetd {

namespace {

// A trip file with nothing but the CSV header in it is archived as an empty
// .gz so that its index entry still resolves.
constexpr off_t kHeaderOnlyBytes = 64;

std::string baseName(const std::string &path) {
  std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

Archiver::Archiver(std::string archiveDir, Diagnostics &diag)
    : dir_(std::move(archiveDir)), diag_(diag) {
  std::string manifest = dir_ + "/MANIFEST";
  manifest_ = std::fopen(manifest.c_str(), "a");
  if (!manifest_)
    throw std::system_error(errno, std::generic_category(), "open " + manifest);
  std::setvbuf(manifest_, nullptr, _IOLBF, 0);
}

Archiver::~Archiver() {
  stop(); // OK
  if (worker_.joinable())
    worker_.join();
}

void Archiver::start() { worker_ = std::thread([this] { run(); }); }

void Archiver::enqueue(const std::string &tripPath) { queue_.push(tripPath); }

void Archiver::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  queue_.close();
  std::fclose(manifest_); // SAME: archiver-race
}

void Archiver::run() {
  while (std::optional<std::string> path = queue_.pop()) {
    try {
      if (!compressOne(*path))
        continue;
    } catch (const std::exception &e) {
      diag_.printf("archive: %s: %s", path->c_str(), e.what());
      continue;
    }
    archived_.fetch_add(1);
    std::fprintf(manifest_, "%" PRId64 " %s.gz\n", nowMs(), baseName(*path).c_str()); // BUG: use-after-close #archiver-race
  }
}

bool Archiver::compressOne(const std::string &src) {
  const std::string dst = dir_ + "/" + baseName(src) + ".gz";
  const std::string tmp = dst + ".part";
  int in = ::open(src.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) {
    diag_.printf("archive: cannot open %s: %s", src.c_str(), std::strerror(errno));
    return false;
  }
  Defer closeIn([in] { ::close(in); });
  struct stat st;
  if (::fstat(in, &st) != 0) { // OK
    diag_.printf("archive: cannot stat %s: %s", src.c_str(), std::strerror(errno));
    return false;
  }

  GzipWriter gz(tmp);
  Defer closeGz([&gz] { gz.close(); }); // BUG: double-close
  if (st.st_size <= kHeaderOnlyBytes) {
    if (!gz.close())
      return false;
    if (::rename(tmp.c_str(), dst.c_str()) != 0)
      return false;
    ::unlink(src.c_str());
    return true;
  }

  char buf[64 * 1024];
  ssize_t n;
  while ((n = ::read(in, buf, sizeof buf)) > 0) { // OK
    if (!gz.write(buf, static_cast<std::size_t>(n))) { // OK
      diag_.printf("archive: compressing %s failed", src.c_str());
      ::unlink(tmp.c_str());
      return false;
    }
  }
  if (n < 0) {
    diag_.printf("archive: reading %s failed: %s", src.c_str(), std::strerror(errno));
    ::unlink(tmp.c_str());
    return false;
  }
  closeGz.dismiss();
  if (!gz.close()) {
    diag_.printf("archive: finishing %s failed", tmp.c_str());
    ::unlink(tmp.c_str());
    return false;
  }
  if (::rename(tmp.c_str(), dst.c_str()) != 0) {
    diag_.printf("archive: rename %s failed: %s", tmp.c_str(), std::strerror(errno));
    ::unlink(tmp.c_str());
    return false;
  }
  ::unlink(src.c_str());
  return true;
}

} // namespace fleetd
