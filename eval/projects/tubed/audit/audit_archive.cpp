// AuditArchiver: copies a rotated audit file into the archive directory, removes the
// original and fsyncs the directory; verify() checksums an archived file.
#include "audit_archive.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "raii.h"

namespace tubed {

namespace {
std::string base_name(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

Status checksum_fd(int fd, std::uint32_t* sum) {
  std::uint32_t a = 1, b = 0;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Status::error(Code::IoError, "read failed while checksumming");
    if (n == 0) break;
    for (ssize_t i = 0; i < n; ++i) {
      a = (a + static_cast<unsigned char>(buf[i])) % 65521u;
      b = (b + a) % 65521u;
    }
  }
  *sum = (b << 16) | a;
  return Status::ok();
}
}  // namespace

AuditArchiver::AuditArchiver(std::string archive_dir) : dir_(std::move(archive_dir)) {}

Status AuditArchiver::archive(const std::string& rotated_file) {
  std::FILE* in = std::fopen(rotated_file.c_str(), "rb");
  if (in == nullptr) return Status::error(Code::IoError, "cannot open " + rotated_file);
  ScopeExit close_in([&] { std::fclose(in); }); // BUG: double-close
  const std::string dst = dir_ + "/" + base_name(rotated_file);
  FileHandle out(std::fopen(dst.c_str(), "wb"));
  if (!out.is_open()) return Status::error(Code::IoError, "cannot create " + dst);
  char buf[8192];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, in)) > 0) {
    if (std::fwrite(buf, 1, n, out.get()) != n) return Status::error(Code::IoError, "short write to " + dst);
  }
  if (std::ferror(in)) return Status::error(Code::IoError, "read error on " + rotated_file);
  if (out.close() != 0) return Status::error(Code::IoError, "cannot flush " + dst);
  std::fclose(in);  // release the source before removing it
  if (std::remove(rotated_file.c_str()) != 0) return Status::error(Code::IoError, "cannot remove " + rotated_file);
  return sync_dir();
}

Result<std::uint32_t> AuditArchiver::verify(const std::string& archived_file) {
  FdHandle fd(::open(archived_file.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd.valid()) return Status::error(Code::IoError, "cannot open " + archived_file);
  const int raw = fd.get();
  std::uint32_t sum = 0;
  Status s = checksum_fd(raw, &sum);
  fd.close();  // the archive directory is swept by logrotate; do not hold files open
  if (!s.is_ok()) return s;
  struct stat st {};
  if (::fstat(raw, &st) != 0 || st.st_size == 0) return Status::error(Code::Invalid, archived_file + ": empty archive"); // BUG: use-after-close
  return sum;
}

Status AuditArchiver::sync_dir() {
  FdHandle dir(::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!dir.valid()) return Status::error(Code::IoError, "cannot open " + dir_);
  if (::fsync(dir.get()) != 0 && errno != EINVAL) return Status::error(Code::IoError, "fsync " + dir_);
  dir.close(); // OK: FdHandle::close() is idempotent; the destructor will not close it again
  return Status::ok();
}

}  // namespace tubed
