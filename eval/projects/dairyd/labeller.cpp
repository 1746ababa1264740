// SampleLabeller: bottle labels go to the label printer (a FileHandle kept open for the day);
// a batch goes through a spool file picked up by the print daemon; the day's sample sheet is
// written to a temporary file and renamed into place for the cooperative's uploader.
#include "labeller.h"

#include <cstdio>
#include <unistd.h>
#include <utility>

SampleLabeller::SampleLabeller(std::string printer_path, std::string spool_path, std::string sheet_path)
    : printer_path_(std::move(printer_path)), spool_path_(std::move(spool_path)), sheet_path_(std::move(sheet_path)) {}

Status SampleLabeller::open() {
    if (printer_) return Status();
    printer_.reset(std::fopen(printer_path_.c_str(), "w"));
    if (!printer_) return Status::error(Code::Io, "label printer offline: " + printer_path_);
    std::fputs("\x1b@", printer_.get());   // OK: reset() just installed a fresh stream, checked non-null
    return Status();
}

bool SampleLabeller::ready() const { return static_cast<bool>(printer_); }

Status SampleLabeller::print_label(const SampleBottle& bottle) {
    if (!printer_) return Status::error(Code::Closed, "label printer closed");
    std::fprintf(printer_.get(), "^XA^FD%d %s %s^FS^XZ\n", bottle.cow_no, bottle.bottle_id.c_str(), bottle.test.c_str());   // OK: checked on the line above
    return Status();
}

Status SampleLabeller::print_batch(const std::vector<SampleBottle>& bottles) {
    std::FILE* out = nullptr;
    {
        FileHandle spool(std::fopen(spool_path_.c_str(), "w"));
        if (!spool) return Status::error(Code::Io, "cannot open spool " + spool_path_);
        out = spool.get();
        for (const SampleBottle& b : bottles) std::fprintf(out, "LBL %d %s %s\n", b.cow_no, b.bottle_id.c_str(), b.test.c_str());
    }
    std::fprintf(out, "END %zu\n", bottles.size());   // BUG: use-after-close
    return Status();
}

Status SampleLabeller::submit_day_sheet(const std::vector<SampleBottle>& bottles) {
    const std::string tmp = sheet_path_ + ".tmp";
    FileHandle sheet(std::fopen(tmp.c_str(), "w"));
    if (!sheet) return Status::error(Code::Io, "cannot write " + tmp);
    for (const SampleBottle& b : bottles) std::fprintf(sheet.get(), "%s;%d;%s\n", b.bottle_id.c_str(), b.cow_no, b.test.c_str());
    std::fflush(sheet.get());
    ::fsync(::fileno(sheet.get()));
    std::fclose(sheet.get());   // the uploader must never see a half-written sheet
    const bool moved = std::rename(tmp.c_str(), sheet_path_.c_str()) == 0;
    sheet.close();   // BUG: double-close #sheet_twice
    return moved ? Status() : Status::error(Code::Io, "cannot publish " + sheet_path_);
}

void SampleLabeller::close() { printer_.close(); }
