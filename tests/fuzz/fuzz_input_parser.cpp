// libFuzzer target: any text given as --input values, as int32 and as float32. It parses or
// throws InputError naming the value; nothing else.
#include <cstddef>
#include <cstdint>
#include <string>

#include "model/input_values.h"

using namespace scanscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    for (ElementType type : {ElementType::Int32, ElementType::Float32}) {
        try {
            const auto values = parse_values(text, type);
            RunRequest request;
            request.type = type;
            request.n = int(values.size());
            for (Algorithm algorithm : {Algorithm::Scan, Algorithm::Reduce,
                                        Algorithm::SegmentedScan, Algorithm::SummedArea})
                check_values(values, request, algorithm);
        } catch (const InputError&) {}
    }
    return 0;
}
