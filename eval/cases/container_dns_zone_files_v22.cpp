// Authoritative DNS zone export. A ZoneWriter keeps one open FILE* per zone
// in a std::map and appends resource records as the signer emits them.
// retire() closes and erases one zone; closeAll() fcloses every zone at the
// end of an export run, and the destructor calls closeAll() as a safety net.
// Defects: closeAll() closes the handles but never clears the map, so a
// record written after closeAll() goes to a closed FILE*, and a writer that
// was closed explicitly closes every file again in its destructor; the
// serial bump keeps a raw FILE* taken before the zone was retired.
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace dns {

struct ResourceRecord {
  std::string owner;
  unsigned ttl;
  std::string type;
  std::string rdata;
};

class ZoneWriter {
public:
  explicit ZoneWriter(std::string dir) : dir_(std::move(dir)) {}
  ~ZoneWriter() { closeAll(); }
  ZoneWriter(const ZoneWriter &) = delete;
  ZoneWriter &operator=(const ZoneWriter &) = delete;

  bool open(const std::string &zone) {
    if (files_.count(zone))
      return true;
    FILE *fp = std::fopen((dir_ + "/" + zone + ".zone").c_str(), "w");
    if (!fp)
      return false;
    files_.emplace(zone, fp);
    return true;
  }

  bool write(const std::string &zone, const ResourceRecord &rr) {
    auto it = files_.find(zone);
    if (it == files_.end())
      return false;
    return std::fprintf(it->second, "%s\t%u\tIN\t%s\t%s\n", rr.owner.c_str(), rr.ttl, // SAME: late_glue
                        rr.type.c_str(), rr.rdata.c_str()) > 0;
  }

  FILE *handle(const std::string &zone) const {
    auto it = files_.find(zone);
    return it == files_.end() ? nullptr : it->second;
  }

  void retire(const std::string &zone) {
    auto it = files_.find(zone);
    if (it == files_.end())
      return;
    std::fclose(it->second);
    files_.erase(it);
  }

  void closeAll() {
    for (auto &entry : files_)
      std::fclose(entry.second); // SAME: export_dtor
  }

private:
  std::string dir_;
  std::map<std::string, FILE *> files_;
};

} // namespace dns

int exportZones(const std::vector<std::string> &zones,
                const std::vector<dns::ResourceRecord> &records) {
  dns::ZoneWriter writer("/var/named/export");
  for (const auto &z : zones)
    writer.open(z);
  for (const auto &z : zones)
    for (const auto &rr : records)
      writer.write(z, rr);
  writer.closeAll();
  return 0;
} // BUG: double-close #export_dtor

void appendGlue(dns::ZoneWriter &writer, const dns::ResourceRecord &glue) {
  writer.open("example.net");
  writer.write("example.net", glue);
  writer.closeAll();
  writer.write("example.net", glue); // BUG: use-after-close #late_glue
}

void decommissionZone(dns::ZoneWriter &writer, const std::string &zone) {
  FILE *fp = writer.handle(zone);
  if (!fp)
    return;
  std::fputs("; zone decommissioned\n", fp);
  writer.retire(zone);
  writer.write(zone, {"@", 60, "TXT", "\"retired\""}); // OK: retire() erased the entry, write() finds nothing
  std::fputs("; serial frozen\n", fp); // BUG: use-after-close
}

void rotateZone(dns::ZoneWriter &writer, const std::string &zone,
                const dns::ResourceRecord &soa) {
  writer.retire(zone);
  if (writer.open(zone))
    writer.write(zone, soa); // OK: the zone was reopened with a new handle
  writer.write("other.example", soa); // OK: a different zone, never retired here
}
