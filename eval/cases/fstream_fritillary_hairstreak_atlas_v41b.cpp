// Distribution-atlas exporter for a fritillary and hairstreak survey.
// FritillaryAtlasWriter hides its streams behind a pimpl: a national tile file
// and one ofstream per county, kept in a map; records are written with
// `atlas << record`. Counties are retired (trailer written, stream closed, the
// entry kept so the county is not re-created by a stray record) as the sorted
// record list moves past them; merge_counties() folds a county into another.
// Mistakes: merge_counties() closes the source county's stream to flush it
// before copying it, then stamps "merged into" through the iterator it kept;
// publish_season() feeds late-verified records through `atlas <<`, and
// Impl::county() hands back the retired, closed stream for their county.
#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

struct HairstreakRecord {
  std::string species;
  std::string county;
  std::string tetrad; // 2 km square
  int adults = 0;
};

class FritillaryAtlasWriter {
public:
  explicit FritillaryAtlasWriter(const std::string &dir);
  ~FritillaryAtlasWriter();
  FritillaryAtlasWriter &operator<<(const HairstreakRecord &r);
  void retire_county(const std::string &county, int total);
  void merge_counties(const std::string &from, const std::string &into);
  void reopen_county(const std::string &county);
  void finish();

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

struct FritillaryAtlasWriter::Impl {
  std::string dir;
  std::ofstream national;
  std::map<std::string, std::ofstream> counties;

  std::ofstream &county(const std::string &name) {
    auto it = counties.find(name);
    if (it == counties.end())
      it = counties.emplace(name, std::ofstream(dir + "/" + name + ".csv", std::ios::app)).first;
    return it->second;
  }
  void write(const HairstreakRecord &r) {
    national << r.species << ',' << r.tetrad << ',' << r.adults << '\n';
    county(r.county) << r.species << ',' << r.tetrad << '\n'; // SAME: late
  }
  void close_all() {
    national.close();
    for (auto &kv : counties)
      kv.second.close();
  }
};

FritillaryAtlasWriter::FritillaryAtlasWriter(const std::string &dir) : impl_(std::make_unique<Impl>()) {
  impl_->dir = dir;
  impl_->national.open(dir + "/national.csv", std::ios::app);
}

FritillaryAtlasWriter::~FritillaryAtlasWriter() = default;

FritillaryAtlasWriter &FritillaryAtlasWriter::operator<<(const HairstreakRecord &r) {
  impl_->write(r);
  return *this;
}

void FritillaryAtlasWriter::retire_county(const std::string &county, int total) {
  auto it = impl_->counties.find(county);
  if (it == impl_->counties.end())
    return;
  it->second << "# records: " << total << '\n'; // OK: before the close below
  it->second.close();
}

void FritillaryAtlasWriter::merge_counties(const std::string &from, const std::string &into) {
  auto from_it = impl_->counties.find(from);
  if (from_it == impl_->counties.end() || from == into)
    return;
  reopen_county(into);
  std::ofstream &target = impl_->county(into);
  if (from_it->second.is_open())
    from_it->second.close(); // OK: flushes it for the copy below, only if not retired already
  std::ifstream rows(impl_->dir + "/" + from + ".csv");
  if (rows)
    target << rows.rdbuf(); // OK: the target county, reopened above
  from_it->second << "# merged into " << into << '\n'; // BUG: use-after-close
}

void FritillaryAtlasWriter::reopen_county(const std::string &county) {
  auto it = impl_->counties.find(county);
  if (it == impl_->counties.end())
    return;
  if (!it->second.is_open())
    it->second.open(impl_->dir + "/" + county + ".csv", std::ios::app);
  it->second << "# reopened for late records\n"; // OK: reopened if it had been retired
}

void FritillaryAtlasWriter::finish() { impl_->close_all(); }

void publish_season(FritillaryAtlasWriter &atlas, std::vector<HairstreakRecord> by_county,
                    const std::vector<HairstreakRecord> &late_verified) {
  std::sort(by_county.begin(), by_county.end(),
            [](const HairstreakRecord &a, const HairstreakRecord &b) { return a.county < b.county; });
  std::string current;
  int in_county = 0;
  for (const HairstreakRecord &r : by_county) {
    if (r.county != current) {
      if (!current.empty())
        atlas.retire_county(current, in_county);
      current = r.county;
      in_county = 0;
    }
    atlas << r; // OK: sorted, so a retired county never comes round again
    ++in_county;
  }
  for (const HairstreakRecord &r : late_verified)
    if (r.adults > 0)
      atlas << r; // BUG: use-after-close #late
  atlas.merge_counties("Swindon", "Wiltshire");
  atlas.finish();
}
