// Court stenography archive: each day's transcript is a TranscriptVolume backed by
// a FILE*. close() marks the volume sealed before it fcloses the stream and
// throws if the fclose fails (disk full on the archive share), so when the close
// is the last statement of a try, the catch handler may run on a sealed volume.
// sealDay() appends a note there regardless and sealVerdict() closes again;
// sealRecess() and sealExhibitList() check isOpen() first.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class TranscriptVolume {
public:
  explicit TranscriptVolume(const std::string &path);
  void append(const std::string &line);
  void close();
  bool isOpen() const { return open_; }

private:
  std::string path_;
  FILE *file_;
  bool open_;
};

TranscriptVolume::TranscriptVolume(const std::string &path)
    : path_(path), file_(std::fopen(path.c_str(), "a")), open_(file_ != nullptr) {}

void TranscriptVolume::append(const std::string &line) {
  if (!open_)
    throw std::logic_error("transcript volume sealed: " + path_);
  if (std::fputs((line + "\n").c_str(), file_) < 0)
    throw std::runtime_error("write failed: " + path_);
}

void TranscriptVolume::close() {
  if (!open_)
    throw std::logic_error("transcript volume already sealed: " + path_);
  open_ = false;
  FILE *f = file_;
  file_ = nullptr;
  if (std::fclose(f) != 0)
    throw std::runtime_error("seal failed: " + path_);
}

class Clerk {
public:
  void sealDay(TranscriptVolume &vol, const std::vector<std::string> &lines);
  void sealRecess(TranscriptVolume &vol, const std::string &note);
  void sealVerdict(TranscriptVolume &vol, const std::string &verdict);
  void sealExhibitList(TranscriptVolume &vol, const std::vector<std::string> &exhibits);
  int failures() const { return failures_; }

private:
  int failures_ = 0;
};

void Clerk::sealDay(TranscriptVolume &vol, const std::vector<std::string> &lines) {
  try {
    for (const std::string &l : lines)
      vol.append(l);
    vol.close();
  } catch (const std::runtime_error &e) {
    ++failures_;
    vol.append(std::string("[[volume incomplete: ") + e.what() + "]]"); // BUG: use-after-close
  }
}

void Clerk::sealRecess(TranscriptVolume &vol, const std::string &note) {
  try {
    vol.append(note);
    vol.close();
  } catch (const std::runtime_error &) {
    ++failures_;
    if (vol.isOpen())
      vol.append("[[recess note truncated]]"); // OK: only when the failure came before the close
  }
}

void Clerk::sealVerdict(TranscriptVolume &vol, const std::string &verdict) {
  try {
    vol.append("VERDICT: " + verdict);
    vol.close();
  } catch (const std::runtime_error &) {
    ++failures_;
    vol.close(); // BUG: double-close
  }
}

void Clerk::sealExhibitList(TranscriptVolume &vol, const std::vector<std::string> &exhibits) {
  try {
    for (const std::string &e : exhibits)
      vol.append("EXHIBIT " + e);
    vol.close();
  } catch (const std::runtime_error &) {
    ++failures_;
    if (vol.isOpen())
      vol.close(); // OK: skipped when the seal itself failed (already marked sealed)
  }
  if (vol.isOpen())
    vol.append("[[unsealed]]"); // OK: never reached with a sealed volume
}

int main() {
  Clerk clerk;
  TranscriptVolume day("/srv/court/2024-03-11.txt");
  clerk.sealDay(day, {"CALL TO ORDER", "WITNESS SWORN"});
  TranscriptVolume recess("/srv/court/2024-03-11-recess.txt");
  clerk.sealRecess(recess, "RECESS 12:30");
  TranscriptVolume verdict("/srv/court/2024-03-11-verdict.txt");
  clerk.sealVerdict(verdict, "NOT GUILTY");
  TranscriptVolume exhibits("/srv/court/2024-03-11-exhibits.txt");
  clerk.sealExhibitList(exhibits, {"A-1", "A-2"});
  return clerk.failures();
}
