// Key=value configuration store with an audit trail. load() reads a defaults
// file and then the site file through one std::ifstream (close, clear, open);
// save() writes a temp file, closes it explicitly to learn whether the final
// flush worked, and renames it over the real file; rotateAudit() closes the
// audit stream, moves the file aside and reopens it.
//
// No bug: every read or write after a close() happens on a stream that was
// reopened in between, or is behind an is_open() check; testing the stream's
// state after close() is how its failure is reported, not a use; the explicit
// closes before the destructors are harmless (a closed fstream's destructor
// does nothing).
#include <cstdio>
#include <fstream>
#include <map>
#include <string>

class ConfigStore {
public:
  explicit ConfigStore(std::string path) : path_(std::move(path)) {
    audit_.open(path_ + ".audit", std::ios::app);
  }
  ~ConfigStore() {
    if (audit_.is_open())
      audit_.close(); // OK: only while still open
  }

  bool load(const std::string &defaultsPath, std::map<std::string, std::string> &kv) {
    std::ifstream in(defaultsPath);
    if (!in)
      return false;
    parse(in, kv);
    in.close();
    in.clear();
    in.open(path_);
    if (in)
      parse(in, kv); // OK: reopened on the site file
    return true;
  }

  bool save(const std::map<std::string, std::string> &kv) {
    const std::string tmp = path_ + ".tmp";
    std::ofstream out(tmp, std::ios::trunc);
    if (!out)
      return false;
    for (const auto &[k, v] : kv)
      out << k << '=' << v << '\n';
    out.close();
    if (!out) { // OK: close() sets failbit when the final flush fails
      std::remove(tmp.c_str());
      return false;
    }
    if (std::rename(tmp.c_str(), path_.c_str()) != 0)
      return false;
    note("saved " + std::to_string(kv.size()) + " keys");
    return true;
  }

  void rotateAudit() {
    const std::string cur = path_ + ".audit";
    audit_.close();
    std::rename(cur.c_str(), (cur + ".1").c_str());
    audit_.clear();
    audit_.open(cur, std::ios::app);
    note("audit log rotated"); // OK: reopened just above, and note() checks is_open()
  }

  void note(const std::string &msg) {
    if (!audit_.is_open())
      return;
    audit_ << msg << '\n';
    audit_.flush();
  }

private:
  static void parse(std::istream &in, std::map<std::string, std::string> &kv) {
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#')
        continue;
      auto eq = line.find('=');
      if (eq == std::string::npos)
        continue;
      kv[line.substr(0, eq)] = line.substr(eq + 1);
    }
  }

  std::string path_;
  std::ofstream audit_;
};

int main() {
  ConfigStore store("service.conf");
  std::map<std::string, std::string> kv;
  if (!store.load("/usr/share/service/defaults.conf", kv))
    kv["port"] = "8080";
  kv["workers"] = "8";
  if (!store.save(kv))
    return 1;
  store.rotateAudit();
  store.note("workers set to 8");
  return 0;
}
