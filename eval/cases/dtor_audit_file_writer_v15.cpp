// Audit-trail export for the billing backend. AuditFile appends records to a
// temporary file through a FILE* opened in its constructor; its destructor
// closes the stream when fp_ is non-null, and finalize() writes the trailer
// and closes the stream early so the file can be renamed into place.
// SpoolFile is the newer wrapper used by the spool exporter: its close()
// resets the handle, so the destructor skips a stream closed by hand.
// loadManifest() reads the export manifest through a unique_ptr whose
// deleter calls fclose().
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace audit {

class AuditFile {
public:
  explicit AuditFile(const std::string &path);
  ~AuditFile();
  AuditFile(const AuditFile &) = delete;
  AuditFile &operator=(const AuditFile &) = delete;

  bool isOpen() const { return fp_ != nullptr; }
  void append(const std::string &record);
  void finalize();

private:
  std::string path_;
  FILE *fp_ = nullptr;
  std::size_t records_ = 0;
};

AuditFile::AuditFile(const std::string &path) : path_(path) {
  fp_ = std::fopen(path_.c_str(), "w");
}

AuditFile::~AuditFile() {
  if (fp_ != nullptr)
    std::fclose(fp_); // SAME: auditdtor
}

void AuditFile::append(const std::string &record) {
  if (fp_ == nullptr)
    throw std::runtime_error("audit file not open: " + path_);
  std::fprintf(fp_, "%s\n", record.c_str());
  ++records_;
}

void AuditFile::finalize() {
  if (fp_ == nullptr)
    return;
  std::fprintf(fp_, "# records=%zu\n", records_);
  std::fflush(fp_);
  std::fclose(fp_);
}

class SpoolFile {
public:
  explicit SpoolFile(const std::string &path)
      : fp_(std::fopen(path.c_str(), "wb")) {}
  ~SpoolFile() {
    if (fp_ != nullptr)
      std::fclose(fp_);
  }
  SpoolFile(const SpoolFile &) = delete;
  SpoolFile &operator=(const SpoolFile &) = delete;

  bool write(const std::string &chunk);
  bool close();

private:
  FILE *fp_;
};

bool SpoolFile::write(const std::string &chunk) {
  return fp_ != nullptr &&
         std::fwrite(chunk.data(), 1, chunk.size(), fp_) == chunk.size();
}

bool SpoolFile::close() {
  if (fp_ == nullptr)
    return true;
  int rc = std::fclose(fp_);
  fp_ = nullptr;
  return rc == 0;
}

struct FileCloser {
  void operator()(FILE *f) const {
    std::fclose(f); // SAME: manifestdtor
  }
};

} // namespace audit

bool exportAuditTrail(const std::vector<std::string> &records,
                      const std::string &target) {
  const std::string tmp = target + ".tmp";
  audit::AuditFile file(tmp);
  if (!file.isOpen())
    return false;
  for (const std::string &r : records)
    file.append(r);
  file.finalize();
  return std::rename(tmp.c_str(), target.c_str()) == 0;
} // BUG: double-close #auditdtor

bool exportSpool(const std::vector<std::string> &chunks,
                 const std::string &target) {
  audit::SpoolFile spool(target);
  bool complete = true;
  for (const std::string &c : chunks) {
    if (!spool.write(c)) {
      complete = false;
      break;
    }
  }
  if (!complete) {
    spool.close();
    std::remove(target.c_str());
    return false;
  }
  return spool.close();
} // OK: close() reset the handle, the destructor skips it

std::vector<std::string> loadManifest(const std::string &path) {
  std::vector<std::string> lines;
  std::unique_ptr<FILE, audit::FileCloser> in(std::fopen(path.c_str(), "r"));
  if (!in)
    return lines;
  char buf[512];
  while (std::fgets(buf, sizeof buf, in.get()) != nullptr)
    lines.emplace_back(buf);
  std::fclose(in.get());
  return lines;
} // BUG: double-close #manifestdtor
