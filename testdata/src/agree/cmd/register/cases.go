package main

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/agree/cases/answer_and_unused"
	"example.com/agree/cases/answer_any"
	"example.com/agree/cases/answer_bad_tag"
	"example.com/agree/cases/answer_create_message_result"
	"example.com/agree/cases/answer_defined_form"
	"example.com/agree/cases/answer_embedded"
	"example.com/agree/cases/answer_form_pointer"
	"example.com/agree/cases/answer_func_literal"
	"example.com/agree/cases/answer_func_variable"
	"example.com/agree/cases/answer_generic"
	"example.com/agree/cases/answer_interface"
	"example.com/agree/cases/answer_map"
	"example.com/agree/cases/answer_nested"
	"example.com/agree/cases/answer_pointer_map"
	"example.com/agree/cases/answer_pointer_struct_field"
	"example.com/agree/cases/answer_promoted_nested"
	"example.com/agree/cases/answer_raw_json"
	"example.com/agree/cases/answer_roots_value"
	"example.com/agree/cases/answer_slice_field"
	"example.com/agree/cases/answer_string"
	"example.com/agree/cases/answer_uintptr_field"
	"example.com/agree/cases/ask_stable_input"
	"example.com/agree/cases/ask_unstable_counter"
	"example.com/agree/cases/ask_unstable_time"
	"example.com/agree/cases/budget_chain10"
	"example.com/agree/cases/budget_chain11"
	"example.com/agree/cases/budget_custom"
	"example.com/agree/cases/budget_method_expression"
	"example.com/agree/cases/cycle_self"
	"example.com/agree/cases/cycle_three"
	"example.com/agree/cases/duplicate_alias"
	"example.com/agree/cases/duplicate_elicit"
	"example.com/agree/cases/duplicate_plain"
	"example.com/agree/cases/good_alias_param"
	"example.com/agree/cases/good_answer_hidden"
	"example.com/agree/cases/good_answer_named_kinds"
	"example.com/agree/cases/good_any_input"
	"example.com/agree/cases/good_budget_custom"
	"example.com/agree/cases/good_chain11_plain"
	"example.com/agree/cases/good_chain9"
	"example.com/agree/cases/good_closure_method"
	"example.com/agree/cases/good_constructed"
	"example.com/agree/cases/good_defined_elicit"
	"example.com/agree/cases/good_defined_not_duplicate"
	"example.com/agree/cases/good_embedded_elicit"
	"example.com/agree/cases/good_form"
	"example.com/agree/cases/good_form_alias"
	"example.com/agree/cases/good_generic_resolver"
	"example.com/agree/cases/good_iface_out"
	"example.com/agree/cases/good_input_keys"
	"example.com/agree/cases/good_map_input"
	"example.com/agree/cases/good_named_field"
	"example.com/agree/cases/good_order"
	"example.com/agree/cases/good_output_slice"
	"example.com/agree/cases/good_plain_result"
	"example.com/agree/cases/good_pointer_answer"
	"example.com/agree/cases/good_roots"
	"example.com/agree/cases/good_runtime_method"
	"example.com/agree/cases/good_sampling"
	"example.com/agree/cases/good_schemas_set"
	"example.com/agree/cases/good_spread"
	"example.com/agree/cases/handler_int"
	"example.com/agree/cases/handler_nil"
	"example.com/agree/cases/handler_no_ctx"
	"example.com/agree/cases/handler_no_error"
	"example.com/agree/cases/handler_no_req"
	"example.com/agree/cases/handler_one_result"
	"example.com/agree/cases/handler_short"
	"example.com/agree/cases/handler_variadic"
	"example.com/agree/cases/input_key_default_collision"
	"example.com/agree/cases/input_key_duplicate"
	"example.com/agree/cases/input_key_empty"
	"example.com/agree/cases/input_key_plain_duplicate"
	"example.com/agree/cases/input_key_pointer_provided"
	"example.com/agree/cases/input_key_pointer_receiver"
	"example.com/agree/cases/input_key_value_receiver_pointer_provided"
	"example.com/agree/cases/input_schema_chan"
	"example.com/agree/cases/input_schema_int"
	"example.com/agree/cases/input_schema_int_keys"
	"example.com/agree/cases/input_schema_interface"
	"example.com/agree/cases/input_schema_pointer_pointer"
	"example.com/agree/cases/input_schema_recursive"
	"example.com/agree/cases/input_schema_slice"
	"example.com/agree/cases/input_schema_time"
	"example.com/agree/cases/missing_and_unused"
	"example.com/agree/cases/missing_defined_outcome"
	"example.com/agree/cases/missing_handler"
	"example.com/agree/cases/missing_input_pointer"
	"example.com/agree/cases/missing_method_expression"
	"example.com/agree/cases/missing_outcome"
	"example.com/agree/cases/missing_pointer"
	"example.com/agree/cases/missing_resolver"
	"example.com/agree/cases/missing_spread_variable"
	"example.com/agree/cases/mix_alias"
	"example.com/agree/cases/mix_defined"
	"example.com/agree/cases/mix_embed_alias"
	"example.com/agree/cases/mix_embed_pointer"
	"example.com/agree/cases/mix_embed_value"
	"example.com/agree/cases/mix_generic_alias"
	"example.com/agree/cases/mix_generic_handler"
	"example.com/agree/cases/mix_generic_pointer"
	"example.com/agree/cases/mix_generic_type"
	"example.com/agree/cases/mix_must"
	"example.com/agree/cases/mix_outcome_only"
	"example.com/agree/cases/mix_pointer"
	"example.com/agree/cases/mix_pointer_pointer"
	"example.com/agree/cases/mix_unresolved"
	"example.com/agree/cases/mix_value"
	"example.com/agree/cases/output_schema_bad_tag"
	"example.com/agree/cases/output_schema_chan"
	"example.com/agree/cases/output_schema_embeds_time"
	"example.com/agree/cases/output_schema_func"
	"example.com/agree/cases/output_schema_int_keys"
	"example.com/agree/cases/parameter_context_after_input"
	"example.com/agree/cases/parameter_elicit"
	"example.com/agree/cases/parameter_input_twice"
	"example.com/agree/cases/parameter_request_after_input"
	"example.com/agree/cases/prompt_good"
	"example.com/agree/cases/prompt_handler_tool_shape"
	"example.com/agree/cases/prompt_result_type"
	"example.com/agree/cases/prompt_tool_request"
	"example.com/agree/cases/pure_effect"
	"example.com/agree/cases/reserved_context"
	"example.com/agree/cases/reserved_elicit_context"
	"example.com/agree/cases/reserved_error"
	"example.com/agree/cases/reserved_input"
	"example.com/agree/cases/reserved_outcome"
	"example.com/agree/cases/reserved_request"
	"example.com/agree/cases/resolver_int"
	"example.com/agree/cases/resolver_nil"
	"example.com/agree/cases/resolver_no_error"
	"example.com/agree/cases/resolver_one_result"
	"example.com/agree/cases/resolver_variadic"
	"example.com/agree/cases/resource_answer_type"
	"example.com/agree/cases/resource_runtime_cycle"
	"example.com/agree/cases/schema_both"
	"example.com/agree/cases/several_rules"
	"example.com/agree/cases/unused_off_cycle"
	"example.com/agree/cases/unused_one"
)

// cases maps each case, the name of its package under cases/, to its
// registration. The agreement test fails if a package under cases/ is
// missing here.
var cases = map[string]func(*mcp.Server) error{
	"prompt_good":                               prompt_good.Register,
	"prompt_handler_tool_shape":                 prompt_handler_tool_shape.Register,
	"prompt_result_type":                        prompt_result_type.Register,
	"prompt_tool_request":                       prompt_tool_request.Register,
	"pure_effect":                               pure_effect.Register,
	"resource_answer_type":                      resource_answer_type.Register,
	"resource_runtime_cycle":                    resource_runtime_cycle.Register,
	"answer_and_unused":                         answer_and_unused.Register,
	"answer_any":                                answer_any.Register,
	"answer_bad_tag":                            answer_bad_tag.Register,
	"answer_create_message_result":              answer_create_message_result.Register,
	"answer_defined_form":                       answer_defined_form.Register,
	"answer_embedded":                           answer_embedded.Register,
	"answer_form_pointer":                       answer_form_pointer.Register,
	"answer_func_literal":                       answer_func_literal.Register,
	"answer_func_variable":                      answer_func_variable.Register,
	"answer_generic":                            answer_generic.Register,
	"answer_interface":                          answer_interface.Register,
	"answer_map":                                answer_map.Register,
	"answer_promoted_nested":                    answer_promoted_nested.Register,
	"answer_nested":                             answer_nested.Register,
	"answer_pointer_map":                        answer_pointer_map.Register,
	"answer_pointer_struct_field":               answer_pointer_struct_field.Register,
	"answer_raw_json":                           answer_raw_json.Register,
	"answer_roots_value":                        answer_roots_value.Register,
	"answer_slice_field":                        answer_slice_field.Register,
	"answer_string":                             answer_string.Register,
	"answer_uintptr_field":                      answer_uintptr_field.Register,
	"ask_stable_input":                          ask_stable_input.Register,
	"ask_unstable_counter":                      ask_unstable_counter.Register,
	"ask_unstable_time":                         ask_unstable_time.Register,
	"budget_chain10":                            budget_chain10.Register,
	"budget_chain11":                            budget_chain11.Register,
	"budget_custom":                             budget_custom.Register,
	"budget_method_expression":                  budget_method_expression.Register,
	"cycle_self":                                cycle_self.Register,
	"cycle_three":                               cycle_three.Register,
	"duplicate_alias":                           duplicate_alias.Register,
	"duplicate_elicit":                          duplicate_elicit.Register,
	"duplicate_plain":                           duplicate_plain.Register,
	"good_alias_param":                          good_alias_param.Register,
	"good_answer_hidden":                        good_answer_hidden.Register,
	"good_answer_named_kinds":                   good_answer_named_kinds.Register,
	"good_any_input":                            good_any_input.Register,
	"good_budget_custom":                        good_budget_custom.Register,
	"good_chain9":                               good_chain9.Register,
	"good_chain11_plain":                        good_chain11_plain.Register,
	"good_closure_method":                       good_closure_method.Register,
	"good_constructed":                          good_constructed.Register,
	"good_defined_elicit":                       good_defined_elicit.Register,
	"good_defined_not_duplicate":                good_defined_not_duplicate.Register,
	"good_embedded_elicit":                      good_embedded_elicit.Register,
	"good_form":                                 good_form.Register,
	"good_form_alias":                           good_form_alias.Register,
	"good_generic_resolver":                     good_generic_resolver.Register,
	"good_iface_out":                            good_iface_out.Register,
	"good_input_keys":                           good_input_keys.Register,
	"good_map_input":                            good_map_input.Register,
	"good_named_field":                          good_named_field.Register,
	"good_order":                                good_order.Register,
	"good_output_slice":                         good_output_slice.Register,
	"good_plain_result":                         good_plain_result.Register,
	"good_pointer_answer":                       good_pointer_answer.Register,
	"good_roots":                                good_roots.Register,
	"good_runtime_method":                       good_runtime_method.Register,
	"good_sampling":                             good_sampling.Register,
	"good_schemas_set":                          good_schemas_set.Register,
	"good_spread":                               good_spread.Register,
	"handler_int":                               handler_int.Register,
	"handler_nil":                               handler_nil.Register,
	"handler_no_ctx":                            handler_no_ctx.Register,
	"handler_no_error":                          handler_no_error.Register,
	"handler_no_req":                            handler_no_req.Register,
	"handler_one_result":                        handler_one_result.Register,
	"handler_short":                             handler_short.Register,
	"handler_variadic":                          handler_variadic.Register,
	"input_key_default_collision":               input_key_default_collision.Register,
	"input_key_duplicate":                       input_key_duplicate.Register,
	"input_key_empty":                           input_key_empty.Register,
	"input_key_plain_duplicate":                 input_key_plain_duplicate.Register,
	"input_key_pointer_provided":                input_key_pointer_provided.Register,
	"input_key_pointer_receiver":                input_key_pointer_receiver.Register,
	"input_key_value_receiver_pointer_provided": input_key_value_receiver_pointer_provided.Register,
	"input_schema_chan":                         input_schema_chan.Register,
	"input_schema_int":                          input_schema_int.Register,
	"input_schema_int_keys":                     input_schema_int_keys.Register,
	"input_schema_interface":                    input_schema_interface.Register,
	"input_schema_pointer_pointer":              input_schema_pointer_pointer.Register,
	"input_schema_recursive":                    input_schema_recursive.Register,
	"input_schema_slice":                        input_schema_slice.Register,
	"input_schema_time":                         input_schema_time.Register,
	"missing_and_unused":                        missing_and_unused.Register,
	"missing_defined_outcome":                   missing_defined_outcome.Register,
	"missing_handler":                           missing_handler.Register,
	"missing_input_pointer":                     missing_input_pointer.Register,
	"missing_method_expression":                 missing_method_expression.Register,
	"missing_outcome":                           missing_outcome.Register,
	"missing_pointer":                           missing_pointer.Register,
	"missing_resolver":                          missing_resolver.Register,
	"missing_spread_variable":                   missing_spread_variable.Register,
	"mix_alias":                                 mix_alias.Register,
	"mix_defined":                               mix_defined.Register,
	"mix_embed_alias":                           mix_embed_alias.Register,
	"mix_embed_pointer":                         mix_embed_pointer.Register,
	"mix_embed_value":                           mix_embed_value.Register,
	"mix_generic_alias":                         mix_generic_alias.Register,
	"mix_generic_handler":                       mix_generic_handler.Register,
	"mix_generic_pointer":                       mix_generic_pointer.Register,
	"mix_generic_type":                          mix_generic_type.Register,
	"mix_must":                                  mix_must.Register,
	"mix_outcome_only":                          mix_outcome_only.Register,
	"mix_pointer":                               mix_pointer.Register,
	"mix_pointer_pointer":                       mix_pointer_pointer.Register,
	"mix_unresolved":                            mix_unresolved.Register,
	"mix_value":                                 mix_value.Register,
	"output_schema_bad_tag":                     output_schema_bad_tag.Register,
	"output_schema_chan":                        output_schema_chan.Register,
	"output_schema_embeds_time":                 output_schema_embeds_time.Register,
	"output_schema_func":                        output_schema_func.Register,
	"output_schema_int_keys":                    output_schema_int_keys.Register,
	"parameter_context_after_input":             parameter_context_after_input.Register,
	"parameter_elicit":                          parameter_elicit.Register,
	"parameter_input_twice":                     parameter_input_twice.Register,
	"parameter_request_after_input":             parameter_request_after_input.Register,
	"reserved_context":                          reserved_context.Register,
	"reserved_elicit_context":                   reserved_elicit_context.Register,
	"reserved_error":                            reserved_error.Register,
	"reserved_input":                            reserved_input.Register,
	"reserved_outcome":                          reserved_outcome.Register,
	"reserved_request":                          reserved_request.Register,
	"resolver_int":                              resolver_int.Register,
	"resolver_nil":                              resolver_nil.Register,
	"resolver_no_error":                         resolver_no_error.Register,
	"resolver_one_result":                       resolver_one_result.Register,
	"resolver_variadic":                         resolver_variadic.Register,
	"schema_both":                               schema_both.Register,
	"several_rules":                             several_rules.Register,
	"unused_off_cycle":                          unused_off_cycle.Register,
	"unused_one":                                unused_one.Register,
}
