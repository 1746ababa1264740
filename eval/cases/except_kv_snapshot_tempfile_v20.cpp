// Snapshot writer for an embedded key-value store: encode every entry into a
// temp file (POSIX descriptor), fsync, close, rename into place, fsync the
// directory, then write a manifest (std::ofstream) and a journal line
// (FILE*). encode() throws std::length_error for an oversized value; fclose()
// and TempFile::close() never throw (close() is noexcept and clears fd_).
// Negative case: in each try block the close is the last statement or is
// followed only by noexcept calls, so every handler runs before that close,
// and the handlers close only what is still open; nothing is used or closed
// after its close.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

class TempFile {
public:
  explicit TempFile(const std::string &path)
      : fd_(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600)) {}
  ~TempFile() {
    if (fd_ >= 0)
      ::close(fd_); // OK: close() sets fd_ to -1, so this closes only a file never closed
  }
  bool isOpen() const { return fd_ >= 0; }
  void write(const std::string &bytes) { ::write(fd_, bytes.data(), bytes.size()); }
  void sync() { ::fsync(fd_); }
  void close() noexcept {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

struct Stats {
  long flushes = 0;
  void recordFlush() noexcept { ++flushes; }
};

std::string encode(const std::string &key, const std::string &value) {
  if (value.size() > 1024)
    throw std::length_error("value too large for key " + key);
  return std::to_string(key.size()) + ":" + key + std::to_string(value.size()) + ":" + value;
}

class SnapshotWriter {
public:
  explicit SnapshotWriter(std::string dir) : dir_(std::move(dir)) {}
  bool write(const std::map<std::string, std::string> &store);

private:
  void syncDir();
  void writeManifest(size_t entries);
  void journal(const std::string &what);
  std::string dir_;
  Stats stats_;
};

void SnapshotWriter::syncDir() {
  int dfd = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY);
  if (dfd < 0)
    return;
  ::fsync(dfd);
  ::close(dfd);
}

void SnapshotWriter::writeManifest(size_t entries) {
  std::ofstream out(dir_ + "/MANIFEST");
  try {
    out << "snapshot entries=" << entries << '\n';
    out << encode("format", "kv-snap-1") << '\n';
    out.close();
  } catch (const std::length_error &) {
    out << "# incomplete\n"; // OK: encode() throws before out.close() runs
  }
}

void SnapshotWriter::journal(const std::string &what) {
  FILE *fp = std::fopen((dir_ + "/JOURNAL").c_str(), "a");
  if (!fp)
    return;
  try {
    const std::string line = encode("event", what);
    std::fprintf(fp, "%s\n", line.c_str());
    std::fclose(fp);
    stats_.recordFlush();
  } catch (const std::length_error &) {
    std::fclose(fp); // OK: only encode() throws, before the fclose; recordFlush() is noexcept
  }
}

bool SnapshotWriter::write(const std::map<std::string, std::string> &store) {
  const std::string tmpPath = dir_ + "/snapshot.tmp";
  TempFile tmp(tmpPath);
  if (!tmp.isOpen())
    return false;
  try {
    for (const auto &kv : store)
      tmp.write(encode(kv.first, kv.second));
    tmp.sync();
    tmp.close();
  } catch (const std::length_error &e) {
    if (tmp.isOpen())
      tmp.close(); // OK: the handler is entered before close() ran; isOpen() is checked anyway
    ::unlink(tmpPath.c_str());
    journal(std::string("aborted: ") + e.what());
    return false;
  }
  if (::rename(tmpPath.c_str(), (dir_ + "/snapshot").c_str()) != 0)
    return false;
  syncDir();
  writeManifest(store.size());
  journal("snapshot written");
  return true;
} // OK: the destructor skips a TempFile whose close() cleared fd_

int main() {
  std::map<std::string, std::string> store{{"user:1", "alice"}, {"user:2", "bob"}};
  SnapshotWriter writer("/tmp");
  writer.write(store);
  store["blob:9"] = std::string(4096, 'z');
  writer.write(store);
  return 0;
}
