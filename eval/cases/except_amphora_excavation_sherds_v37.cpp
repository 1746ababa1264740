// Amphora excavation: each trench's sherds are written to a SherdJournal
// (FILE*) and the season's finds are uploaded to the museum archive through
// an ArchiveUpload socket. SherdJournal::close() is noexcept, so a handler
// after a try whose last statement is close() only runs while the journal is
// still open. ArchiveUpload::finish() closes the socket first and throws
// afterwards if the close reported an error. Bugs: a box cataloguing handler
// closes the journal and falls through to the summary line, and the upload
// handler sends an abort marker on a socket that finish() may have closed.
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class SherdJournal {
 public:
  explicit SherdJournal(const std::string& path) : fp_(std::fopen(path.c_str(), "a")) {
    if (!fp_) throw std::runtime_error("sherd journal: cannot open " + path);
  }
  ~SherdJournal() { close(); }
  void append(const std::string& line) {
    if (!fp_) throw std::runtime_error("sherd journal closed");
    if (std::fprintf(fp_, "%s\n", line.c_str()) < 0) throw std::runtime_error("sherd journal: write failed");
  }
  void close() noexcept {
    if (fp_) std::fclose(fp_);
    fp_ = nullptr;
  }

 private:
  FILE* fp_;
};

class ArchiveUpload {
 public:
  explicit ArchiveUpload(int fd) : fd_(fd) {}
  void send(const std::string& chunk) {
    if (fd_ < 0) throw std::runtime_error("archive upload closed");
    if (::send(fd_, chunk.data(), chunk.size(), MSG_NOSIGNAL) < 0) throw std::runtime_error("archive upload: send failed");
  }
  void finish() {
    if (fd_ < 0) throw std::runtime_error("archive upload closed");
    int rc = ::close(fd_);
    fd_ = -1;
    if (rc != 0) throw std::runtime_error("archive upload: close failed, last chunk may be lost");
  }

 private:
  int fd_;
};

struct Sherd {
  std::string id;
  double grams;
};

double weigh(const Sherd& s) {
  if (s.grams <= 0) throw std::domain_error("scale error on " + s.id);
  return s.grams;
}

void record_trench(SherdJournal& j, const std::vector<Sherd>& sherds) {
  try {
    for (const auto& s : sherds) j.append(s.id + " " + std::to_string(weigh(s)));
    j.close();
  } catch (const std::exception& e) {
    j.append(std::string("trench incomplete: ") + e.what());  // OK: close() is noexcept and last, so it has not run
  }
}

void catalogue_box(SherdJournal& j, const std::vector<Sherd>& box) {
  double total = 0;
  try {
    for (const auto& s : box) total += weigh(s);
  } catch (const std::domain_error& e) {
    j.append(std::string("box rejected: ") + e.what());
    j.close();
  }
  j.append("box total " + std::to_string(total));  // BUG: use-after-close
}

void wash_and_label(SherdJournal& j, const std::vector<Sherd>& tray) {
  try {
    for (const auto& s : tray) weigh(s);
  } catch (...) {
    j.close();
    throw;
  }
  j.append("tray washed and labelled");  // OK: the handler that closed always rethrows
}

void upload_season(ArchiveUpload& up, SherdJournal& j, const std::vector<std::string>& finds) {
  try {
    for (const auto& f : finds) up.send(f);
    up.finish();
  } catch (const std::exception& e) {
    j.append(std::string("upload failed: ") + e.what());  // OK: the journal is a different object
    up.send("ABORT\n");  // BUG: use-after-close
  }
}
