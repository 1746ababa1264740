// Billing export of a toll-road operator. Transponder passages of each toll
// plaza are appended to a batch file; at the end of the billing window the
// batch is sealed. fclose()'s result is checked because a failure means the
// batch may not be on disk. After fclose() the stream is gone whether it
// succeeded or not, so a failed fclose() must be neither retried nor queried.
// Correct: sealBatch() logs the failure and queues a re-export; the manifest
// writer checks close(2) and does not retry; PlazaExport::seal() takes the
// FILE* out of the object so the destructor does not close it again.
// Defects: sealNightBatch() retries fclose() up to three times;
// closeWithTrailer() asks ferror() about the stream it just failed to close.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <utility>
#include <vector>

struct Passage {
  std::string tagId;
  std::string plaza;
  long epoch = 0;
  int axleClass = 2;
  long cents = 0;
};

void queueReexport(const std::string &path);

bool sealBatch(std::FILE *fp, const std::string &path) {
  bool durable = std::fflush(fp) == 0 && ::fsync(::fileno(fp)) == 0;
  if (std::fclose(fp) != 0) {
    std::fprintf(stderr, "%s: close failed (%s), queued for re-export\n", path.c_str(), std::strerror(errno)); // OK: stderr, not the closed stream
    queueReexport(path);
    return false;
  }
  return durable;
}

int sealNightBatch(std::FILE *fp) {
  int attempts = 0;
  while (std::fclose(fp) != 0 && ++attempts < 3) // BUG: double-close
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  return attempts;
}

bool closeWithTrailer(std::FILE *fp, long count, long cents) {
  std::fprintf(fp, "TRL|%ld|%ld\n", count, cents);
  if (std::fclose(fp) != 0) {
    int saved = errno;
    bool streamError = std::ferror(fp) != 0; // BUG: use-after-close
    std::fprintf(stderr, "trailer close failed: %s%s\n", std::strerror(saved),
                 streamError ? " (stream error)" : "");
    return false;
  }
  return true;
}

bool writeManifest(const std::string &path, const std::string &body) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return false;
  bool good = ::write(fd, body.data(), body.size()) == static_cast<ssize_t>(body.size());
  good = ::fsync(fd) == 0 && good;
  if (::close(fd) != 0) {
    std::perror("manifest close"); // logged, not retried: fd is released regardless
    good = false;
  }
  return good;
}

class PlazaExport {
public:
  PlazaExport(const std::string &dir, const std::string &plaza)
      : path_(dir + "/" + plaza + ".tol"), fp_(std::fopen(path_.c_str(), "a")) {}
  ~PlazaExport() {
    if (fp_)
      std::fclose(fp_);
  }
  PlazaExport(const PlazaExport &) = delete;
  PlazaExport &operator=(const PlazaExport &) = delete;

  bool good() const { return fp_ != nullptr; }
  void append(const Passage &p) {
    std::fprintf(fp_, "%s|%s|%ld|%d|%ld\n", p.tagId.c_str(), p.plaza.c_str(),
                 p.epoch, p.axleClass, p.cents);
    ++count_;
    cents_ += p.cents;
  }
  bool seal() {
    std::FILE *fp = std::exchange(fp_, nullptr);
    return fp && sealBatch(fp, path_);
  }
  const std::string &path() const { return path_; }
  long count() const { return count_; }

private:
  std::string path_;
  std::FILE *fp_;
  long count_ = 0, cents_ = 0;
};

bool closeBillingWindow(const std::string &dir, const std::string &plaza,
                        const std::vector<Passage> &passages) {
  bool sealed = false;
  {
    PlazaExport exp(dir, plaza);
    if (!exp.good())
      return false;
    for (const Passage &p : passages)
      exp.append(p);
    sealed = exp.seal();
    writeManifest(exp.path() + ".manifest", std::to_string(exp.count()) + "\n");
  } // OK: seal() cleared fp_, the destructor closes nothing
  return sealed;
}

// The clearing house wants a trailer record; the internal archive does not.
void exportNight(const std::string &path, const std::vector<Passage> &passages,
                 bool forClearingHouse) {
  std::FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return;
  long cents = 0;
  for (const Passage &p : passages)
    cents += p.cents;
  if (forClearingHouse)
    closeWithTrailer(fp, static_cast<long>(passages.size()), cents);
  else
    sealNightBatch(fp);
}
