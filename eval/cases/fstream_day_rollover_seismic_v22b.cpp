// Acquisition software of a broadband seismic station. Samples of each channel
// (HHZ, HHN, HHE) are appended to per-day text files through std::ofstream;
// at midnight the day files are swapped for new ones. An STA/LTA trigger
// annotates detected events in the channel's day file. Instrument gains are
// read from a calibration file with std::ifstream.
// Writing to or reading from a closed fstream only sets failbit: written
// samples/annotations are silently lost and reads return nothing, which for
// a seismic archive and its calibration is a real defect.
// Correct: rollover() swaps in the new stream and closes the old one before
// writing to the new one; annotate() reopens a closed channel file.
// Defects: endOfRecording() closes all channel files and then annotates the
// last trigger into them; loadGain() closes the calibration file on the legacy
// format path and still parses it.
#include <array>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

struct Trigger {
  std::size_t channel;
  long sampleIndex;
  double staLta;
};

class DayArchive {
public:
  static constexpr std::array<const char *, 3> kChannels = {"HHZ", "HHN", "HHE"};

  DayArchive(std::string dir, std::string day) : dir_(std::move(dir)), day_(std::move(day)) {
    for (std::size_t c = 0; c < kChannels.size(); ++c)
      files_[c].open(pathFor(c, day_), std::ios::app);
  }

  void append(std::size_t c, const std::vector<int> &counts) {
    for (int v : counts)
      files_[c] << v << '\n';
  }

  void rollover(const std::string &newDay) {
    for (std::size_t c = 0; c < kChannels.size(); ++c) {
      std::ofstream next(pathFor(c, newDay), std::ios::app);
      files_[c].swap(next);
      next.close(); // the finished day file
      files_[c] << "# day " << newDay << " 100 sps\n"; // OK: swapped in the new, open stream
    }
    day_ = newDay;
  }

  void annotate(const Trigger &t) {
    std::ofstream &f = files_.at(t.channel);
    if (!f.is_open())
      f.open(pathFor(t.channel, day_), std::ios::app);
    f << "# trigger sample=" << t.sampleIndex << " sta/lta=" << t.staLta << '\n'; // OK: reopened when closed
  }

  void writeTrigger(const Trigger &t) {
    files_.at(t.channel) << "# trigger sample=" << t.sampleIndex << " sta/lta=" << t.staLta << '\n'; // SAME: last_trigger
  }

  void closeAll() {
    for (std::ofstream &f : files_)
      f.close();
  }

private:
  std::string pathFor(std::size_t c, const std::string &day) const {
    return dir_ + "/" + kChannels[c] + "." + day + ".txt";
  }
  std::string dir_, day_;
  std::array<std::ofstream, 3> files_;
};

void endOfRecording(DayArchive &archive, const std::vector<Trigger> &pending) {
  archive.closeAll();
  if (!pending.empty())
    archive.writeTrigger(pending.back()); // BUG: use-after-close #last_trigger
}

// Counts per m/s for one channel. v2 files: "#CAL v2" then "<chan> <gain>"
// lines; legacy files have no header.
double loadGain(const std::string &path, const std::string &channel) {
  std::ifstream cal(path);
  std::string header;
  std::getline(cal, header);
  bool legacy = header.rfind("#CAL v2", 0) != 0;
  if (legacy) {
    std::fprintf(stderr, "%s: legacy calibration format\n", path.c_str());
    cal.close();
  }
  std::string ch;
  double gain = 0.0;
  while (cal >> ch >> gain) // BUG: use-after-close
    if (ch == channel)
      return gain;
  return 1.5e9; // nominal STS-2 gain
}

void recordSession(const std::string &dir, const std::vector<std::string> &days,
                   const std::vector<std::vector<int>> &blocks,
                   const std::vector<Trigger> &triggers) {
  if (days.empty())
    return;
  DayArchive archive(dir, days.front());
  double gainZ = loadGain(dir + "/calibration.txt", "HHZ");
  std::fprintf(stderr, "HHZ gain %.3g\n", gainZ);
  for (std::size_t d = 0; d < days.size(); ++d) {
    if (d > 0)
      archive.rollover(days[d]);
    for (std::size_t b = 0; b < blocks.size(); ++b)
      archive.append(b % 3, blocks[b]);
    for (const Trigger &t : triggers)
      archive.annotate(t);
  }
  endOfRecording(archive, triggers);
}
