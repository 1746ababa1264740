// Time-series segment writer: SegmentWriter appends encoded points to a data
// file and their offsets to an index file (std::ofstream both). When a data
// write fails (disk full) it closes the data file and marks the segment
// read-only, but the index stays open for the compactor. append() guards on
// the wrong stream: it checks that the index is open and then writes the
// point to the closed data file, so the point is silently lost while the
// index records an offset for it. The other writers guard correctly
// (is_open(), good(), a stored is_open() result). The gap detector's last
// note is written to the index after sealIndex() closed it, and is lost.
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

struct Point {
  long ts;
  double value;
};

class SegmentWriter {
public:
  explicit SegmentWriter(const std::string &base)
      : data_(base + ".dat", std::ios::binary | std::ios::app),
        index_(base + ".idx", std::ios::app) {}

  bool append(const Point &p) {
    if (!index_.is_open())
      return false;
    data_ << p.ts << ' ' << p.value << '\n'; // SAME: abandoned
    index_ << p.ts << ' ' << offset_ << '\n';
    offset_ += 24;
    return true;
  }

  bool appendChecked(const Point &p) {
    if (!data_.is_open() || !index_.is_open())
      return false;
    data_ << p.ts << ' ' << p.value << '\n'; // OK: both streams checked above
    if (!data_.good()) {
      abandonData();
      return false;
    }
    index_ << p.ts << ' ' << offset_ << '\n';
    offset_ += 24;
    return true;
  }

  void writeTrailer(long count) {
    bool open = data_.is_open();
    if (!open)
      return;
    data_ << "# points " << count << '\n'; // OK: stored is_open() result checked
  }

  void abandonData() {
    std::fprintf(stderr, "segment: data write failed, sealing segment\n");
    data_.close();
  }

  void sealIndex(long count) {
    if (!index_.is_open() || !index_.good())
      return;
    index_ << "# end " << count << '\n'; // OK: open and healthy, checked above
    index_.close();
  }

  // Called by the gap detector when consecutive points are too far apart.
  void noteGap(long from, long to) {
    index_ << "# gap " << from << ' ' << to << '\n'; // SAME: lategap
  }

  bool dataOpen() const { return data_.is_open(); }

private:
  std::ofstream data_;
  std::ofstream index_;
  long offset_ = 0;
};

int main() {
  SegmentWriter seg("/tmp/cpu_load_v18b");
  std::vector<Point> points;
  for (long t = 0; t < 50; ++t)
    points.push_back({1700000000 + t * 10, 0.5 + 0.01 * static_cast<double>(t)});

  long written = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (i == 30)
      seg.abandonData(); // quota monitor reported the volume full
    if (i < 20 ? seg.appendChecked(points[i]) : seg.append(points[i])) // BUG: use-after-close #abandoned
      ++written;
  }
  seg.writeTrailer(written);
  seg.sealIndex(written);
  seg.noteGap(points.back().ts, points.back().ts + 600); // BUG: use-after-close #lategap
  std::printf("wrote %ld points, data %s\n", written, seg.dataOpen() ? "open" : "sealed");
  return 0;
}
