// UploadSession: multipart upload parts spooled to temp files.
#include "objgw/UploadSession.h"

#include "objgw/FileUtil.h"

#include <stdexcept>

namespace objgw {

UploadSession::UploadSession(std::string id, std::string key, std::string spoolDir)
    : id_(std::move(id)), key_(std::move(key)), spoolDir_(std::move(spoolDir)) {}

UploadSession::~UploadSession() {
  // Parts of an upload that was neither completed nor aborted are still open.
  for (auto &entry : parts_) {
    if (entry.second.fp)
      std::fclose(entry.second.fp); // SAME: abortdtor
  }
}

void UploadSession::requireOpenState(const char *op) const {
  if (state_ == State::Completed)
    throw std::runtime_error(std::string("upload ") + id_ + " already completed: cannot " + op);
  if (state_ == State::Aborted)
    throw std::runtime_error(std::string("upload ") + id_ + " was aborted: cannot " + op);
}

void UploadSession::appendPart(int number, const std::string &data) {
  requireOpenState("append");
  if (number < 1 || number > 10000)
    throw std::runtime_error("part number out of range: " + std::to_string(number));
  Part &part = parts_[number];
  if (part.sealed)
    throw std::runtime_error("part " + std::to_string(number) + " of upload " + id_ + " is sealed");
  if (!part.fp) {
    part.path = spoolDir_ + "/objgw-" + id_ + "." + std::to_string(number) + ".part";
    part.fp = std::fopen(part.path.c_str(), "wb");
    if (!part.fp)
      throw std::runtime_error("cannot create spool file " + part.path);
  }
  if (std::fwrite(data.data(), 1, data.size(), part.fp) != data.size()) // OK: fp is non-null only while the part is unsealed
    throw std::runtime_error("short write to " + part.path);
}

void UploadSession::sealPart(int number) {
  requireOpenState("seal");
  const auto it = parts_.find(number);
  if (it == parts_.end() || !it->second.fp)
    throw std::runtime_error("part " + std::to_string(number) + " of upload " + id_ + " is not open");
  Part &part = it->second;
  std::FILE *fp = part.fp;
  part.fp = nullptr; // the stream is gone whatever finishTemp() reports
  part.sealed = true;
  fileutil::finishTemp(fp);
  part.size = std::ftell(fp); // BUG: use-after-close
}

void UploadSession::complete() {
  requireOpenState("complete");
  for (auto &entry : parts_) {
    if (entry.second.fp)
      sealPart(entry.first);
  }
  state_ = State::Completed;
}

void UploadSession::abort() {
  if (state_ == State::Aborted)
    return;
  for (auto &entry : parts_) {
    if (entry.second.fp)
      std::fclose(entry.second.fp);
    std::remove(entry.second.path.c_str());
  }
  state_ = State::Aborted;
}

void UploadSession::removeFiles() {
  for (const auto &entry : parts_)
    std::remove(entry.second.path.c_str());
}

std::vector<PartInfo> UploadSession::parts() const {
  std::vector<PartInfo> out;
  for (const auto &entry : parts_) {
    if (entry.second.sealed)
      out.push_back(PartInfo{entry.first, entry.second.path, entry.second.size});
  }
  return out;
}

} // namespace objgw
