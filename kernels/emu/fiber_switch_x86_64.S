/* ss_fiber_switch(void** save_sp, void* load_sp): saves the System V callee-saved registers and
   the SSE/x87 control words on the current stack, stores the stack pointer in *save_sp, and
   resumes the context whose stack pointer is load_sp. */
    .text
    .globl ss_fiber_switch
    .type ss_fiber_switch, @function
ss_fiber_switch:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $8, %rsp
    stmxcsr (%rsp)
    fnstcw 4(%rsp)
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    ldmxcsr (%rsp)
    fldcw 4(%rsp)
    addq $8, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .size ss_fiber_switch, .-ss_fiber_switch

/* First code a new fiber runs: r12 holds the argument, r13 the function (see fiber.cpp). */
    .globl ss_fiber_trampoline
    .type ss_fiber_trampoline, @function
ss_fiber_trampoline:
    andq $-16, %rsp
    movq %r12, %rdi
    callq *%r13
    ud2
    .size ss_fiber_trampoline, .-ss_fiber_trampoline

    .section .note.GNU-stack,"",@progbits
