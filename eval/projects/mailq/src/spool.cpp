// Spool: the queue directory made of SpoolFiles (see spool.h).
#include "mailq/spool.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

#include "mailq/log.h"
#include "mailq/scope_guard.h"

namespace fs = std::filesystem;

namespace mailq {

namespace {

// Reads one line of any length without its newline; false at end of file.
bool readLine(std::FILE *fp, std::string &line) {
  line.clear();
  char buf[4096];
  while (std::fgets(buf, sizeof buf, fp)) {
    line += buf;
    if (line.back() == '\n') {
      line.pop_back();
      return true;
    }
  }
  return !line.empty();
}

long long nowSeconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

} // namespace

Spool::Spool(std::string dir, std::size_t maxFileBytes)
    : dir_(std::move(dir)), maxFileBytes_(maxFileBytes), runId_(nowSeconds()) {
  fs::create_directories(dir_);
}

Spool::~Spool() {
  std::lock_guard<std::mutex> lk(mu_);
  if (current_ && current_->isOpen()) {
    try {
      current_->close(); // OK: only a file that is still open is closed
    } catch (const std::exception &e) {
      logError(std::string("spool: closing current file: ") + e.what());
    }
  }
}

std::shared_ptr<SpoolFile> Spool::openNextLocked() {
  const std::string path = dir_ + "/q-" + std::to_string(runId_) + "-" +
                           std::to_string(++seq_) + ".spool";
  return std::make_shared<SpoolFile>(path, SpoolFile::Mode::Append);
}

void Spool::enqueue(const Message &m) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!current_ || !*current_)
    current_ = openNextLocked();
  current_->append(m); // OK: a sealed (closed) file was replaced by a fresh one just above
  if (current_->bytesWritten() >= maxFileBytes_)
    rotateLocked();
}

void Spool::sealCurrent() {
  std::lock_guard<std::mutex> lk(mu_);
  if (current_ && current_->isOpen()) {
    current_->close();
    sealed_.push_back(current_->path());
    writeIndexLocked();
  }
}

void Spool::rotate() {
  std::lock_guard<std::mutex> lk(mu_);
  rotateLocked();
}

void Spool::rotateLocked() {
  if (current_ && current_->isOpen()) {
    current_->close(); // OK: guarded by isOpen(), and current_ is replaced below
    sealed_.push_back(current_->path());
  }
  current_ = openNextLocked();
  writeIndexLocked();
}

void Spool::sync() {
  std::lock_guard<std::mutex> lk(mu_);
  if (current_)
    current_->flush(); // SAME: drain_sync
  syncDirectory();
}

void Spool::syncDirectory() {
  const int dfd = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0)
    throw std::system_error(errno, std::generic_category(), "open " + dir_);
  const int rc = ::fsync(dfd);
  const int err = errno;
  ::close(dfd);
  if (rc != 0)
    throw std::system_error(err, std::generic_category(), "fsync " + dir_);
}

void Spool::quarantine(const std::string &path) {
  const std::string bad = path + ".bad";
  if (std::rename(path.c_str(), bad.c_str()) != 0)
    logError("spool: cannot quarantine " + path);
  else
    logWarn("spool: corrupt file moved to " + bad);
}

std::vector<Message> Spool::recover() {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<std::string> files;
  for (const fs::directory_entry &entry : fs::directory_iterator(dir_)) {
    if (entry.is_regular_file() && entry.path().extension() == ".spool")
      files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());

  std::vector<Message> out;
  for (const std::string &path : files) {
    if (current_ && path == current_->path())
      continue;
    std::FILE *fp = std::fopen(path.c_str(), "r");
    if (!fp) {
      logWarn("spool: cannot open " + path + " for recovery");
      continue;
    }
    std::vector<Message> fileMessages;
    std::string line;
    bool corrupt = false;
    while (readLine(fp, line)) {
      std::optional<Message> m = Message::parse(line);
      if (!m) {
        // Keep the evidence for the operator and keep the file's messages out
        // of the queue until someone has looked at it.
        std::fclose(fp);
        quarantine(path);
        corrupt = true;
        break;
      }
      fileMessages.push_back(std::move(*m));
    }
    std::fclose(fp); // BUG: double-close
    if (corrupt)
      continue;
    recovered_.push_back(path);
    for (Message &m : fileMessages)
      out.push_back(std::move(m));
  }
  return out;
}

void Spool::finishRecovery() {
  std::lock_guard<std::mutex> lk(mu_);
  for (const std::string &path : recovered_) {
    if (std::remove(path.c_str()) != 0)
      logWarn("spool: cannot remove recovered file " + path);
  }
  recovered_.clear();
}

void Spool::writeIndexLocked() {
  const std::string tmp = dir_ + "/index.tmp";
  std::FILE *f = std::fopen(tmp.c_str(), "w");
  if (!f)
    return; // the index is only a hint for operators
  auto cleanup = makeScopeGuard([&] {
    std::fclose(f);
    std::remove(tmp.c_str());
  });
  for (const std::string &p : sealed_) {
    if (std::fprintf(f, "%s\n", p.c_str()) < 0)
      return;
  }
  cleanup.dismiss();
  if (std::fclose(f) != 0) { // OK: the guard was dismissed, f is closed exactly once
    std::remove(tmp.c_str());
    return;
  }
  std::rename(tmp.c_str(), (dir_ + "/index").c_str());
}

std::size_t Spool::exportTo(const std::string &path) {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<std::string> files = sealed_;
  if (current_ && current_->isOpen()) {
    current_->flush(); // OK: only flushed while open
    files.push_back(current_->path());
  }

  std::FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    throw std::system_error(errno, std::generic_category(), "export " + path);
  auto closeOut = makeScopeGuard([&] {
    std::fclose(out); // SAME: export_guard
  });

  std::size_t n = 0;
  for (const std::string &f : files) {
    SpoolFile in(f, SpoolFile::Mode::Read);
    for (const Message &m : in.readAll()) {
      if (std::fprintf(out, "%s\n", m.serialize().c_str()) < 0)
        throw std::system_error(errno, std::generic_category(), "export write");
      ++n;
    }
  }
  // fclose() reports delayed write errors (full disk, NFS): do not lose them.
  if (std::fclose(out) != 0)
    throw std::system_error(errno, std::generic_category(), "export close " + path);
  return n;
} // BUG: double-close #export_guard

std::vector<std::string> Spool::sealedFiles() const {
  std::lock_guard<std::mutex> lk(mu_);
  return sealed_;
}

} // namespace mailq
