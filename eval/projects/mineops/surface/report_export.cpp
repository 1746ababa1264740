// ShiftReportExporter: end-of-shift CSV and text reports through stdio, and a snapshot of the
// live historian segment taken before the historian rolls over to the next shift.
#include "report_export.h"

#include <cstdio>
#include <utility>

#include "file_handle.h"
#include "historian.h"

namespace {
int writeRows(FILE* f, const std::vector<ShiftRow>& rows) {
    for (const auto& r : rows) {
        if (std::fprintf(f, "%u,%s,%d\n", r.tagId, r.name.c_str(), r.minutesUnderground) < 0) return -1;
    }
    return 0;
}

// Writes the row-count trailer. On failure the stream is closed here and the error returned.
Status writeTrailer(FILE* f, std::size_t rows) {
    if (std::fprintf(f, "# %zu rows\n", rows) < 0) {
        std::fclose(f);
        return Status::Error("report trailer write failed");
    }
    return Status::Ok();
}
}  // namespace

ShiftReportExporter::ShiftReportExporter(std::shared_ptr<HistorianWriter> hist, std::string outDir)
    : hist_(std::move(hist)), outDir_(std::move(outDir)) {}

Status ShiftReportExporter::exportCsv(const std::string& name, const std::vector<ShiftRow>& rows) {
    lastError_.clear();
    const std::string path = outDir_ + "/" + name + ".csv";
    FILE* f = std::fopen(path.c_str(), "w");
    if (!f) return Status::Error("cannot create " + path);
    std::fputs("tag,name,minutes_underground\n", f);
    if (writeRows(f, rows) != 0) {
        std::fclose(f);
        lastError_ = "short write to " + path;
    }
    if (std::fclose(f) != 0) return Status::Error("closing " + path + " failed"); // BUG: double-close
    return lastError_.empty() ? Status::Ok() : Status::Error(lastError_);
}

Status ShiftReportExporter::exportSummary(const std::string& name, std::size_t underground, std::size_t mustered) {
    const std::string path = outDir_ + "/" + name + "-summary.txt";
    FILE* f = std::fopen(path.c_str(), "w");
    if (!f) return Status::Error("cannot create " + path);
    std::fprintf(f, "underground,%zu\nmustered,%zu\n", underground, mustered);
    Status st = writeTrailer(f, 2);
    if (!st.ok()) return st;
    if (std::fclose(f) != 0) return Status::Error("closing " + path + " failed"); // OK: writeTrailer() closes f only when it fails, and we returned then
    return Status::Ok();
}

Status ShiftReportExporter::exportMusterList(const std::vector<uint32_t>& tags) {
    FileHandle out(outDir_ + "/muster.txt", "w");
    if (!out.isOpen()) return Status::Error("cannot create muster list in " + outDir_);
    for (uint32_t tag : tags) {
        Status st = out.write(std::to_string(tag) + "\n"); // OK: isOpen() checked above; nothing closes the handle inside the loop
        if (!st.ok()) return st;
    }
    if (out.close() != 0) return Status::Error("closing muster list failed");
    return Status::Ok();
}

Status ShiftReportExporter::snapshotHistorian() {
    FILE* live = hist_->stream();
    if (!live) return Status::Error("historian is closed");
    std::fflush(live); // OK: stream() returned the open segment and nothing has rotated it yet
    const std::size_t finished = hist_->segment();
    Status rot = hist_->rotate();
    if (!rot.ok()) return rot;
    std::fprintf(live, "# segment %zu continues in segment %zu\n", finished, hist_->segment()); // BUG: use-after-close
    return Status::Ok();
}
