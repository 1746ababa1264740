// Audio post-production: stems of a mix are exported as raw WAV files through
// POSIX descriptors and a cue sheet is written with a FILE*. Cleanup is done
// with a small ScopeExit helper that runs its callable when the scope ends
// unless dismiss()ed.
// Defects: exportStem() keeps the scope guard armed and also closes the
// descriptor explicitly (to check close()'s result), so the guard closes it a
// second time when the function returns; writeCueSheet() appends the closing
// REM line after the block whose guard already fclosed the cue sheet.
// exportStemChecked() dismisses the guard before its explicit close.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace post {

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (armed_)
      fn_();
  }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;
  void dismiss() { armed_ = false; }

private:
  F fn_;
  bool armed_ = true;
};

template <typename F> ScopeExit<F> makeScopeExit(F fn) { return ScopeExit<F>(std::move(fn)); }

struct Stem {
  std::string name;
  std::vector<int16_t> samples;
  double startSec = 0;
};

static void writeWavHeader(int fd, size_t samples) {
  char hdr[44] = {'R', 'I', 'F', 'F'};
  const uint32_t dataBytes = static_cast<uint32_t>(samples * sizeof(int16_t));
  std::snprintf(hdr + 4, sizeof hdr - 4, "%u", dataBytes);
  ::write(fd, hdr, sizeof hdr);
}

bool exportStem(const std::string &dir, const Stem &stem) {
  int fd = ::open((dir + "/" + stem.name + ".wav").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return false;
  auto closeFd = makeScopeExit([&] { ::close(fd); }); // SAME: stemdc
  writeWavHeader(fd, stem.samples.size());
  const size_t bytes = stem.samples.size() * sizeof(int16_t);
  if (::write(fd, stem.samples.data(), bytes) != static_cast<ssize_t>(bytes))
    return false;
  if (::fsync(fd) != 0) // OK: the guard closes only when the scope ends
    return false;
  if (::close(fd) != 0)
    return false;
  return true;
} // BUG: double-close #stemdc

bool exportStemChecked(const std::string &dir, const Stem &stem) {
  int fd = ::open((dir + "/" + stem.name + ".wav").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return false;
  auto closeFd = makeScopeExit([&] { ::close(fd); });
  writeWavHeader(fd, stem.samples.size());
  const size_t bytes = stem.samples.size() * sizeof(int16_t);
  if (::write(fd, stem.samples.data(), bytes) != static_cast<ssize_t>(bytes))
    return false;
  closeFd.dismiss();
  return ::close(fd) == 0;
} // OK: the guard was dismissed, the explicit close is the only one

void writeCueSheet(const std::string &path, const std::vector<Stem> &stems) {
  FILE *cue = std::fopen(path.c_str(), "w");
  if (!cue)
    return;
  {
    auto closeCue = makeScopeExit([&] { std::fclose(cue); });
    std::fprintf(cue, "TITLE \"Final mix\"\n");
    int track = 1;
    for (const Stem &s : stems) {
      std::fprintf(cue, "TRACK %02d AUDIO\n  TITLE \"%s\"\n", track++, s.name.c_str()); // OK: inside the guarded block
      std::fprintf(cue, "  INDEX 01 %02d:%02d:00\n", static_cast<int>(s.startSec) / 60,
                   static_cast<int>(s.startSec) % 60);
    }
  }
  std::fprintf(cue, "REM STEMS %zu\n", stems.size()); // BUG: use-after-close
}

} // namespace post

int main() {
  std::vector<post::Stem> stems{{"dialog", std::vector<int16_t>(48000, 120), 0},
                                {"music", std::vector<int16_t>(48000, -300), 0},
                                {"fx", std::vector<int16_t>(48000, 7), 12.5}};
  for (const post::Stem &s : stems)
    post::exportStem("/tmp", s);
  post::exportStemChecked("/tmp", stems.front());
  post::writeCueSheet("/tmp/final-mix.cue", stems);
  return 0;
}
