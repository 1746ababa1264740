// Cartographic plate export. ContourPlateWriter streams contour polylines into numbered
// plate files: rotate() opens the next plate before it closes the full one, and close()
// takes the pointer with std::exchange, so the destructor after an explicit close() does
// nothing. exportSheet() writes to stdout or to a file and, after closing the file,
// prints its summary line to the same stream. writeLegend() closes the legend when it
// meets a bad contour interval, breaks out of the loop and closes it again in the common
// cleanup. shadeHachures() pipes hachure strokes to an external rasteriser.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

struct Polyline {
  int elevation;
  std::vector<std::pair<double, double>> pts;
};

class ContourPlateWriter {
public:
  ContourPlateWriter(std::string stem, long maxBytes)
      : stem_(std::move(stem)), maxBytes_(maxBytes) {}
  ~ContourPlateWriter() { close(); }
  ContourPlateWriter(const ContourPlateWriter &) = delete;
  ContourPlateWriter &operator=(const ContourPlateWriter &) = delete;

  bool add(const Polyline &line) {
    if ((!plate_ || written_ > maxBytes_) && !rotate())
      return false;
    int n = std::fprintf(plate_, "C %d", line.elevation); // OK
    for (const auto &p : line.pts)
      n += std::fprintf(plate_, " %.2f,%.2f", p.first, p.second);
    n += std::fputs("\n", plate_) >= 0 ? 1 : 0;
    written_ += n;
    return n > 0;
  }

  void close() {
    if (FILE *f = std::exchange(plate_, nullptr))
      std::fclose(f);
  }

  int plates() const { return plateNo_; }

private:
  bool rotate() {
    const std::string name = stem_ + "-" + std::to_string(plateNo_ + 1) + ".plt";
    FILE *next = std::fopen(name.c_str(), "w");
    if (!next)
      return false;
    if (plate_)
      std::fclose(plate_);
    plate_ = next;
    written_ = 0;
    ++plateNo_;
    return true;
  }

  std::string stem_;
  long maxBytes_;
  long written_ = 0;
  int plateNo_ = 0;
  FILE *plate_ = nullptr;
};

int exportSheet(const std::vector<Polyline> &lines, const char *path) {
  FILE *out = path ? std::fopen(path, "w") : stdout;
  if (!out)
    return -1;
  long points = 0;
  for (const Polyline &l : lines) {
    std::fprintf(out, "%d %zu\n", l.elevation, l.pts.size());
    points += static_cast<long>(l.pts.size());
  }
  if (out != stdout)
    std::fclose(out);
  std::fprintf(out, "# %zu contours, %ld points\n", lines.size(), points); // BUG: use-after-close
  return 0;
}

int exportIndex(const std::vector<Polyline> &lines, const char *path) {
  FILE *out = path ? std::fopen(path, "w") : stdout;
  if (!out)
    return -1;
  for (const Polyline &l : lines)
    std::fprintf(out, "%d\n", l.elevation);
  if (out != stdout)
    std::fclose(out);
  else
    std::fputs("-- end of index --\n", out); // OK
  return 0;
}

bool writeLegend(const char *path, const std::vector<int> &intervals) {
  FILE *legend = std::fopen(path, "w");
  if (!legend)
    return false;
  bool ok = true;
  for (int metres : intervals) {
    if (metres <= 0) {
      std::fclose(legend);
      ok = false;
      break;
    }
    std::fprintf(legend, "contour interval %d m\n", metres); // OK
  }
  std::fclose(legend); // BUG: double-close
  return ok;
}

bool shadeHachures(const std::vector<Polyline> &slopes) {
  FILE *raster = ::popen("hachure-raster --dpi 600 > hachures.tif", "w");
  if (!raster)
    return false;
  for (const Polyline &s : slopes) {
    if (std::fprintf(raster, "H %d %zu\n", s.elevation, s.pts.size()) < 0) {
      ::pclose(raster);
      return false;
    }
  }
  return ::pclose(raster) == 0; // OK
}

int renderSheet(const std::vector<Polyline> &lines) {
  ContourPlateWriter writer("sheet-42", 1 << 20);
  for (const Polyline &l : lines)
    if (!writer.add(l))
      return -1;
  writer.close();
  writer.close(); // OK
  return writer.plates();
}
