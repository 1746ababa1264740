// Key=value configuration store with an atomic save. load() reads the base
// file through an ifstream, closes it and reuses the same stream object for the
// optional override file; save() writes a temp file through an ofstream, closes
// it to flush, checks the stream state and renames; writeAudit() reuses one
// ofstream for two files.
// Negative case, correct: every read or write after a close() follows a
// successful open() of the same stream object or goes to another stream
// (std::clog); querying fail() after close() is how write errors are detected;
// the fstream destructors do nothing for streams that are already closed.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <string>

class ConfigStore {
public:
  bool load(const std::string &base, const std::string &overrides) {
    std::ifstream in(base);
    if (!in)
      return false;
    parse(in);
    in.close();
    std::clog << "loaded " << values_.size() << " keys from " << base << '\n'; // OK: writes to clog, not to the closed file
    in.clear();
    in.open(overrides);
    if (in.is_open())
      parse(in); // OK: the stream was reopened on the override file
    return true;
  }

  bool save(const std::string &path) const {
    const std::string tmp = path + ".tmp";
    std::ofstream out(tmp, std::ios::trunc);
    if (!out)
      return false;
    for (const auto &[key, value] : values_)
      out << key << '=' << value << '\n';
    out.close();
    if (out.fail()) { // OK: fail() reports whether the flush in close() succeeded
      std::remove(tmp.c_str());
      return false;
    }
    return std::rename(tmp.c_str(), path.c_str()) == 0;
  }

  void writeAudit(const std::string &path, const std::string &who) const {
    std::ofstream audit;
    audit.open(path, std::ios::app);
    audit << who << " saved " << values_.size() << " keys\n";
    audit.close();
    audit.open(path + ".last", std::ios::trunc);
    audit << who << '\n'; // OK: reopened on the ".last" file before writing
  } // OK: the destructor closes the ".last" file, the first file was closed once

  void set(const std::string &key, const std::string &value) { values_[key] = value; }
  std::string get(const std::string &key) const {
    auto it = values_.find(key);
    return it == values_.end() ? std::string() : it->second;
  }

private:
  void parse(std::istream &in) {
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#')
        continue;
      const auto eq = line.find('=');
      if (eq != std::string::npos)
        values_[line.substr(0, eq)] = line.substr(eq + 1);
    }
  }

  std::map<std::string, std::string> values_;
};

int main() {
  ConfigStore store;
  if (!store.load("/etc/ingest/ingest.conf", "/etc/ingest/ingest.local.conf"))
    store.set("workers", "4");
  store.set("log_level", "info");
  if (!store.save("/etc/ingest/ingest.conf")) {
    std::cerr << "save failed\n";
    return 1;
  }
  store.writeAudit("/var/log/ingest/config-audit.log", "admin");
  std::cout << "workers=" << store.get("workers") << '\n';
  return 0;
}
