// Media transcoder back end: a job encodes packets into a MuxerSession and
// writes a per-job report with std::ofstream; thumbnails go to a FILE*.
// MuxerSession semantics: writePacket() throws std::logic_error once closed,
// close() a second time throws std::logic_error, abort() closes an open
// session (deleting the partial output) and is a no-op on a closed one; the
// destructor aborts an open session.
// Negative case: each handler either uses abort() (safe after close()),
// checks is_open() before touching the report, or rethrows after the only
// close on its path; the fclose after the try cannot follow the handler's
// fclose because the handler always rethrows.
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace media {

struct Packet {
  long pts = 0;
  std::string data;
};

struct Job {
  std::string id, codec, outPath, reportPath, thumbPath;
  std::vector<Packet> packets;
};

class MuxerSession {
public:
  explicit MuxerSession(std::string path) : path_(std::move(path)), fp_(std::fopen(path_.c_str(), "wb")) {
    if (!fp_)
      throw std::runtime_error("cannot open " + path_);
  }
  ~MuxerSession() { abort(); }
  MuxerSession(const MuxerSession &) = delete;
  MuxerSession &operator=(const MuxerSession &) = delete;

  void writeHeader(const std::string &codec) { writeRaw("HDR " + codec + "\n"); }
  void writePacket(const Packet &p) {
    if (p.data.empty())
      throw std::runtime_error("empty packet at pts " + std::to_string(p.pts));
    writeRaw(p.data);
  }
  void close() {
    if (!fp_)
      throw std::logic_error("muxer closed twice: " + path_);
    std::fclose(fp_);
    fp_ = nullptr;
  }
  void abort() {
    if (!fp_)
      return;
    std::fclose(fp_);
    fp_ = nullptr;
    std::remove(path_.c_str());
  }

private:
  void writeRaw(const std::string &bytes) {
    if (!fp_)
      throw std::logic_error("muxer closed: " + path_);
    std::fwrite(bytes.data(), 1, bytes.size(), fp_);
  }
  std::string path_;
  FILE *fp_;
};

void transcode(const Job &job, std::ostream &errlog) {
  MuxerSession mux(job.outPath);
  std::ofstream report(job.reportPath);
  try {
    mux.writeHeader(job.codec);
    for (const Packet &p : job.packets)
      mux.writePacket(p);
    mux.close();
    report << "ok " << job.id << " packets=" << job.packets.size() << "\n";
    report.close();
  } catch (const std::exception &e) {
    mux.abort(); // OK: abort() is a no-op once close() has run
    if (report.is_open())
      report << "failed " << job.id << ": " << e.what() << "\n"; // OK: guarded by is_open()
    errlog << "transcode " << job.id << " failed: " << e.what() << "\n";
    throw;
  }
}

static void encodeThumb(FILE *f, const Job &job) {
  if (job.packets.empty())
    throw std::runtime_error("no keyframe for thumbnail of " + job.id);
  std::fwrite(job.packets.front().data.data(), 1, job.packets.front().data.size(), f);
}

bool writeThumbnail(const Job &job) {
  FILE *f = std::fopen(job.thumbPath.c_str(), "wb");
  if (!f)
    return false;
  try {
    encodeThumb(f, job);
  } catch (...) {
    std::fclose(f);
    throw;
  }
  std::fclose(f); // OK: the handler's fclose is always followed by a rethrow
  return true;
}

} // namespace media

#include <iostream>

int main() {
  media::Job job{"job-77", "h264", "/tmp/job-77.ts", "/tmp/job-77.report", "/tmp/job-77.jpg",
                 {{0, "I-frame"}, {40, "P-frame"}, {80, ""}}};
  try {
    media::transcode(job, std::cerr);
  } catch (const std::exception &) {
  }
  try {
    media::writeThumbnail(job);
  } catch (const std::exception &e) {
    std::cerr << e.what() << "\n";
  }
  return 0;
}
