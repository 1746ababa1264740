// Writes a backup archive and then publishes its manifest. In runBackup() the
// try block closes the archive before publishManifest(), which can throw; the
// catch handler then calls abort(), which writes an ABORTED trailer through the
// archive stream and closes it again, on an archive that is already closed
// whenever the manifest step is what threw. runBackupChecked() publishes the
// manifest outside the try and only aborts an archive that is still open.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct FileEntry {
  std::string name;
  std::string data;
};

class Archive {
public:
  explicit Archive(std::string path) : path_(std::move(path)), fp_(std::fopen(path_.c_str(), "wb")) {
    if (fp_ == nullptr)
      throw std::runtime_error("cannot create " + path_);
  }
  ~Archive() {
    if (fp_ != nullptr)
      std::fclose(fp_);
  }
  void addEntry(const FileEntry &e) {
    if (fp_ == nullptr)
      throw std::logic_error("addEntry on closed archive");
    std::fprintf(fp_, "%s %zu\n", e.name.c_str(), e.data.size());
    std::fwrite(e.data.data(), 1, e.data.size(), fp_);
  }
  void writeTrailer(const char *tag) {
    if (fp_ == nullptr)
      throw std::logic_error("trailer on closed archive");
    std::fprintf(fp_, "\n#%s\n", tag);
  }
  void close() {
    if (fp_ == nullptr)
      throw std::logic_error("archive closed twice");
    int rc = std::fclose(fp_);
    fp_ = nullptr;
    if (rc != 0)
      throw std::runtime_error("close failed for " + path_);
  }
  void abort() {
    writeTrailer("ABORTED"); // SAME: abort
    close();
    std::remove(path_.c_str());
  }
  bool isOpen() const { return fp_ != nullptr; }

private:
  std::string path_;
  std::FILE *fp_;
};

static void publishManifest(const std::string &path, const std::vector<FileEntry> &files) {
  std::FILE *m = std::fopen(path.c_str(), "w");
  if (m == nullptr)
    throw std::runtime_error("cannot write manifest " + path);
  for (const auto &f : files)
    std::fprintf(m, "%s\n", f.name.c_str());
  if (std::fclose(m) != 0)
    throw std::runtime_error("manifest close failed");
}

void runBackup(const std::string &archivePath, const std::string &manifestPath,
               const std::vector<FileEntry> &files) {
  Archive ar(archivePath);
  try {
    for (const auto &f : files)
      ar.addEntry(f);
    ar.writeTrailer("END");
    ar.close();
    publishManifest(manifestPath, files);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "backup failed: %s\n", e.what());
    ar.abort(); // BUG: use-after-close #abort
    throw;
  }
}

void runBackupChecked(const std::string &archivePath, const std::string &manifestPath,
                      const std::vector<FileEntry> &files) {
  Archive ar(archivePath);
  try {
    for (const auto &f : files)
      ar.addEntry(f);
    ar.writeTrailer("END");
    ar.close();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "backup failed: %s\n", e.what());
    if (ar.isOpen())
      ar.abort(); // OK: only an archive that close() did not reach is aborted
    throw;
  }
  publishManifest(manifestPath, files);
}
