// The variants ScanScope ships, in the order the lessons take them.
#pragma once

namespace scanscope {

enum class VariantId {
    HillisSteele,
    HillisSteeleInPlace,
    Blelloch,
    BlellochPadded,
    WarpShuffle,
    ScanThenPropagate,
    ReduceThenScan,
    DecoupledLookback,
    PipelinedLookback,
    StagedLookback,
    ReduceInterleavedDivergent,
    ReduceInterleavedStrided,
    ReduceSequential,
    ReduceFirstAdd,
    ReduceUnrolledWarp,
    ReduceWarpShuffle,
    Compact,
    CompactLookback,
    Split,
    RadixSort,
    RadixSortOnesweep,
    Segmented,
    SegmentedLookback,
    SummedArea,
    SummedAreaLookback,
    Student,  // a student's kernel, registered at run time (register_student_variant)
};

}  // namespace scanscope
