// Checkpoint writer of a stream-processing job. commit() writes the operator
// state to a temporary file, closes it to learn its size, and appends a
// "size" trailer that the restore tool verifies; the trailer is written after the
// close, so it never reaches the file and every checkpoint is rejected on
// load. The epoch manifest is an ofstream member: retire() closes it, and
// shutdown() then records one more event through recordEvent(). loadLatest()
// reopens an ifstream on the backup after closing it, which is correct.
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <utility>

namespace fs = std::filesystem;

// A std::ofstream written after close() sets failbit and drops the data.
class CheckpointWriter {
public:
  explicit CheckpointWriter(std::string dir)
      : dir_(std::move(dir)), manifest_(dir_ + "/MANIFEST", std::ios::app) {}
  bool commit(const std::map<std::string, long> &state, long epoch);
  bool loadLatest(std::map<std::string, long> &state);
  void retire();
  void shutdown();

private:
  void recordEvent(const std::string &event);

  std::string dir_;
  std::ofstream manifest_;
};

void CheckpointWriter::recordEvent(const std::string &event) {
  manifest_ << std::time(nullptr) << ' ' << event << '\n'; // SAME: manifest
}

bool CheckpointWriter::commit(const std::map<std::string, long> &state, long epoch) {
  const std::string tmp = dir_ + "/ckpt.tmp";
  const std::string finalPath = dir_ + "/ckpt-" + std::to_string(epoch);
  std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
  if (!out)
    return false;
  out << "epoch " << epoch << '\n';
  for (const auto &kv : state)
    out << kv.first << ' ' << kv.second << '\n';
  out.close();
  if (out.fail())
    return false;
  const auto bytes = fs::file_size(tmp);
  out << "size " << bytes << '\n'; // BUG: use-after-close
  if (std::rename(tmp.c_str(), finalPath.c_str()) != 0)
    return false;
  recordEvent("commit " + finalPath);
  return true;
}

bool CheckpointWriter::loadLatest(std::map<std::string, long> &state) {
  std::ifstream in(dir_ + "/ckpt-latest");
  std::string line;
  if (!std::getline(in, line)) {
    in.close();
    in.open(dir_ + "/ckpt-backup");
    if (!std::getline(in, line)) // OK: reopened on the backup file
      return false;
  }
  std::string key;
  long value;
  while (in >> key >> value)
    state[key] = value;
  return true;
}

void CheckpointWriter::retire() {
  recordEvent("retire " + dir_);
  manifest_.close();
  if (manifest_.fail())
    std::cerr << "checkpoint: manifest for " << dir_ << " not fully written\n";
}

void CheckpointWriter::shutdown() {
  retire();
  recordEvent("shutdown"); // BUG: use-after-close #manifest
}

void rotateManifest(const std::string &dir) {
  std::ofstream m(dir + "/MANIFEST", std::ios::app);
  m << "rotate\n";
  m.close();
  fs::rename(dir + "/MANIFEST", dir + "/MANIFEST.old");
  m.open(dir + "/MANIFEST", std::ios::trunc);
  m << "rotated from MANIFEST.old\n"; // OK: reopened
}
